/**
 * A conversation's export file name from its title: its words only — no quotes, braces, brackets,
 * colons or commas (a title made from JSON, a prompt's arguments or a question), no path, nothing
 * hidden — then the format's extension. A title with no words is "conversation".
 */
export function exportFileName(title: string, format: 'markdown' | 'json'): string {
  const words = title
    .normalize('NFC')
    // Letters, marks, digits and a few joiners stay; everything else separates words.
    .replace(/[^\p{L}\p{M}\p{N}\-_'’()&+]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${words || 'conversation'}.${format === 'markdown' ? 'md' : 'json'}`;
}
