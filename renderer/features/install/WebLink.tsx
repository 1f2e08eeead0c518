import { SafeText } from '../../components/SafeText';

/** The address as a link when it is http(s), else undefined (then it is only shown as text). */
export function webHref(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
}

/**
 * A publisher's address: an http(s) one is a link that opens outside the app — a new tab with no
 * opener or referrer in the browser shell, the system browser in Electron (whose window-open handler
 * passes only http(s) to shell.openExternal) —; anything else is text. The text is shown with its
 * hidden characters revealed.
 */
export function WebLink({ url, label }: { url: string; label?: string }) {
  const href = webHref(url);
  const text = <SafeText text={label ?? url} />;
  if (!href) return <span data-not-a-link="">{text}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={href}>
      {text}
    </a>
  );
}
