/** What a conversation is called until what started it names it. */
export const NEW_TITLE = 'New conversation';

/** A conversation's title from its first line: at most about 60 characters, cut between words. */
export function titleFrom(line: string, max = 60): string {
  const clean = line.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1).lastIndexOf(' ');
  return `${clean.slice(0, cut > max / 2 ? cut : max).trimEnd()}…`;
}
