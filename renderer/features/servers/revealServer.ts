/**
 * Brings a server's card into view on Servers and puts the focus on it — or, for one of its tools, opens
 * its tool list and focuses that tool's switch: where the palette's pick goes. A card or tool row not
 * drawn yet is looked for again for a few frames. Undefined when the card is not on the page (not yet,
 * or the server was removed meanwhile).
 */
export function revealServer(
  page: ParentNode,
  server: string,
  tool?: string,
  frames = 60,
): HTMLElement | undefined {
  const card = page.querySelector<HTMLElement>(`[data-server="${CSS.escape(server)}"]`);
  const later = typeof requestAnimationFrame === 'function' && frames > 0;
  // Not drawn yet (the cards after the first few join a moment after the page): looked for again.
  if (!card) {
    if (later) requestAnimationFrame(() => revealServer(page, server, tool, frames - 1));
    return undefined;
  }
  let target: HTMLElement = card;
  const tools = tool === undefined ? null : card.querySelector<HTMLDetailsElement>('details.server-tools');
  const row = tools?.querySelector<HTMLElement>(`[data-tool="${CSS.escape(tool!)}"]`);
  // A closed list has no rows: opened, its rows come with the next renders (a few frames at most).
  if (tools && !row && later) {
    tools.open = true;
    requestAnimationFrame(() => revealServer(page, server, tool, frames - 1));
    return card;
  }
  if (tools && row) {
    tools.open = true;
    target = row.querySelector<HTMLElement>('input, button') ?? row;
  }
  if (target === card || target === row) target.tabIndex = -1;
  target.scrollIntoView?.({ block: 'center' });
  target.focus();
  return target;
}
