/**
 * Brings a server's card into view on Servers and puts the focus on it — or, for one of its tools, opens
 * its tool list and focuses that tool's switch: where the palette's pick goes. Undefined when the
 * card is not on the page (the server was removed meanwhile).
 */
export function revealServer(page: ParentNode, server: string, tool?: string): HTMLElement | undefined {
  const card = page.querySelector<HTMLElement>(`[data-server="${CSS.escape(server)}"]`);
  if (!card) return undefined;
  let target: HTMLElement = card;
  const tools = tool === undefined ? null : card.querySelector<HTMLDetailsElement>('details.server-tools');
  const row = tools?.querySelector<HTMLElement>(`[data-tool="${CSS.escape(tool!)}"]`);
  if (tools && row) {
    tools.open = true;
    target = row.querySelector<HTMLElement>('input, button') ?? row;
  }
  if (target === card || target === row) target.tabIndex = -1;
  target.scrollIntoView?.({ block: 'center' });
  target.focus();
  return target;
}
