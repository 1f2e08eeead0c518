import { withoutInvisible } from '../../../shared/host/invisible';
import { titleFrom } from './titleFrom';

/** A model's title is cut as a first line is (between words, with an ellipsis), so the list reads alike. */
export const TITLE_MAX_CHARS = 60;
/** More of an answer than this is never read: a title is the first few words. */
const READ_AT_MOST = 2000;

/** Reasoning some local models write inline before their answer (a cut-off one runs to the end). */
const THINKING = /<think(?:ing)?>[\s\S]*?(?:<\/think(?:ing)?>|$)/gi;
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
/** Markdown a model dresses a title in: a heading's #s, bold and code marks. */
const HEADING = /^#{1,6}\s+/;
const MARKS = /\*\*|__|`/g;
/** "Title:", as models like to begin. */
const LABEL = /^title\s*[:：]\s*/i;
/** Quotes and single emphasis marks around the whole title. */
const WRAPPERS = /^["'“”‘’«»„*_]+|["'“”‘’«»„*_]+$/g;

/**
 * A model's answer as a conversation's title: its first line that says anything, with what no title
 * should hold taken out — invisible and control characters (a model repeats what it read, hidden
 * characters included), markdown, quotes, a "Title:" label, a full stop — on one line, trimmed, and
 * at most TITLE_MAX_CHARS long. Undefined when nothing is left: the conversation keeps its first line.
 */
export function cleanTitle(answer: string): string | undefined {
  const lines = answer.slice(0, READ_AT_MOST).replace(THINKING, '').split(LINE_BREAKS);
  for (const line of lines) {
    const title = cleanLine(line);
    if (title) return titleFrom(title, TITLE_MAX_CHARS);
  }
  return undefined;
}

function cleanLine(line: string): string {
  // Tabs and other spaces are spaces first: taken out as invisible, they would join two words.
  let text = withoutInvisible(line.replace(/[\t\p{Zs}]/gu, ' '));
  text = text.replace(HEADING, '').replace(MARKS, '').trim();
  text = text.replace(LABEL, '').replace(WRAPPERS, '').trim();
  // A full stop is a sentence's end, not a title's (an ellipsis or a question mark stays).
  if (text.endsWith('.') && !text.endsWith('..')) text = text.slice(0, -1);
  return text.replace(/ {2,}/g, ' ').trim();
}
