/**
 * The install link an address opens the app with: the browser shell's `/install?link=<link>`. Only
 * ever previewed (Servers → Add from link); the host reads it, the page never does.
 */
export function linkInAddress(address: string): string | undefined {
  if (!URL.canParse(address)) return undefined;
  const url = new URL(address);
  if (url.pathname !== '/install') return undefined;
  return url.searchParams.get('link') ?? undefined;
}
