import type {
  ChatError,
  ChatMessage,
  ConversationSettings,
  ConversationSummary,
  EarlierTotals,
} from '../../shared/chat/conversation';
import { costOf } from '../../shared/chat/prices';
import { countTurn } from '../../shared/chat/turns';

/** One line of a conversation file. */
export type Line =
  | { t: 'meta'; id: string; title: string; createdAt: number; settings: ConversationSettings }
  | { t: 'message'; message: ChatMessage }
  | { t: 'title'; title: string }
  | { t: 'settings'; settings: ConversationSettings }
  /** Keep only the first `count` messages (edit-and-resend, regenerate). */
  | { t: 'truncate'; count: number }
  /** The turn failed; it stands until the next message or truncation. */
  | { t: 'error'; error: ChatError }
  /** The line before this one was cut off by a crash mid-write: it is not read. */
  | { t: 'torn' };

export const TORN_LINE = '{"t":"torn"}';

/** A message's line in the file, and what the messages up to and including it add up to. */
interface Step {
  offset: number;
  /** The latest `at` so far. */
  at: number;
  questions: number;
  answers: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  dollars: number;
  /** Replies so far whose model's price is not known. */
  unpriced: number;
}

/** A step as heads.json keeps it: its numbers in this order. */
const STEP_FIELDS = [
  'offset',
  'at',
  'questions',
  'answers',
  'input',
  'output',
  'cacheRead',
  'cacheWrite',
  'dollars',
  'unpriced',
] as const satisfies readonly (keyof Step)[];

/** A head as kept between launches. */
export interface SavedHead {
  id: string;
  title: string;
  createdAt: number;
  settings: ConversationSettings;
  lastError?: ChatError;
  size: number;
  lines: number;
  unterminated: boolean;
  /** The file's last bytes up to `size`, base64. */
  tail: string;
  /** The steps' numbers (STEP_FIELDS, in order) as 64-bit floats, base64: read back without a parse. */
  steps: string;
}

function packSteps(steps: readonly Step[]): string {
  const numbers = new Float64Array(steps.length * STEP_FIELDS.length);
  steps.forEach((step, i) => {
    STEP_FIELDS.forEach((f, j) => {
      numbers[i * STEP_FIELDS.length + j] = step[f];
    });
  });
  return Buffer.from(numbers.buffer).toString('base64');
}

function unpackSteps(packed: string): Step[] {
  const bytes = Buffer.from(packed, 'base64');
  const width = STEP_FIELDS.length;
  if (bytes.length % (8 * width) !== 0) throw new Error('kept steps are not whole');
  // Copied into an aligned buffer of its own (a decoded Buffer may start anywhere in a shared pool).
  const numbers = new Float64Array(new Uint8Array(bytes).buffer);
  const steps: Step[] = [];
  for (let i = 0; i < numbers.length; i += width)
    steps.push({
      offset: numbers[i]!,
      at: numbers[i + 1]!,
      questions: numbers[i + 2]!,
      answers: numbers[i + 3]!,
      input: numbers[i + 4]!,
      output: numbers[i + 5]!,
      cacheRead: numbers[i + 6]!,
      cacheWrite: numbers[i + 7]!,
      dollars: numbers[i + 8]!,
      unpriced: numbers[i + 9]!,
    });
  return steps;
}

/** How many of a file's last bytes a head keeps to know the file is still the one it read. */
export const TAIL_BYTES = 64;

const NOTHING: Omit<Step, 'offset' | 'at'> = {
  questions: 0,
  answers: 0,
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  dollars: 0,
  unpriced: 0,
};

/**
 * What a conversation's file says, held in memory without its messages: the title, settings and
 * last error, and for each message still in the conversation where its line is in the file and the
 * running totals (turns, tokens, cost) up to it. A page of messages is then read from its byte range
 * alone, and what comes before a page is known without reading it — opening a conversation costs
 * the same at any length. Kept up to date line by line as lines are appended.
 */
export class ConversationHead {
  title: string;
  createdAt: number;
  settings: ConversationSettings;
  lastError: ChatError | undefined;
  readonly steps: Step[] = [];
  /** Bytes taken in: the end of the last line read. */
  size = 0;
  /** Lines taken in (for naming a damaged one). */
  lines = 0;
  /** The last line read has no newline after it: the next append starts with one. */
  unterminated = false;
  /** The file's last bytes up to `size`: a head kept between launches is trusted only if they still match. */
  tail: Buffer = Buffer.alloc(0);

  constructor(
    readonly id: string,
    meta: Extract<Line, { t: 'meta' }>,
  ) {
    this.title = meta.title;
    this.createdAt = meta.createdAt;
    this.settings = meta.settings;
  }

  get messageCount(): number {
    return this.steps.length;
  }

  /** One more line, found at byte `offset`: the rules every reader of the file follows. */
  apply(line: Line, offset: number): void {
    switch (line.t) {
      case 'meta':
        // A file has one; a second one starts the conversation over, as it always has.
        this.title = line.title;
        this.createdAt = line.createdAt;
        this.settings = line.settings;
        this.steps.length = 0;
        this.lastError = undefined;
        return;
      case 'message': {
        const m = line.message;
        const last = this.steps.at(-1) ?? { ...NOTHING, offset: 0, at: this.createdAt };
        const step: Step = { ...last, offset, at: Math.max(last.at, m.at) };
        countTurn(step, m);
        if (m.usage) {
          step.input += m.usage.inputTokens;
          step.output += m.usage.outputTokens;
          step.cacheRead += m.usage.cacheReadTokens ?? 0;
          step.cacheWrite += m.usage.cacheWriteTokens ?? 0;
          const cost = costOf(m.usage, m.model);
          if (cost === undefined) step.unpriced++;
          else step.dollars += cost;
        }
        this.steps.push(step);
        this.lastError = undefined;
        return;
      }
      case 'title':
        this.title = line.title;
        return;
      case 'settings':
        this.settings = line.settings;
        return;
      case 'truncate':
        this.steps.length = Math.min(this.steps.length, line.count);
        this.lastError = undefined;
        return;
      case 'error':
        this.lastError = line.error;
        return;
      case 'torn':
        return;
    }
  }

  summary(): ConversationSummary {
    const last = this.steps.at(-1);
    return {
      id: this.id,
      title: this.title,
      createdAt: this.createdAt,
      updatedAt: last?.at ?? this.createdAt,
      messageCount: this.steps.length,
      turns: { questions: last?.questions ?? 0, answers: last?.answers ?? 0 },
    };
  }

  /** What the first `count` messages add up to: tokens and cost, without reading them. */
  before(count: number): EarlierTotals {
    const step = count > 0 ? this.steps[Math.min(count, this.steps.length) - 1] : undefined;
    if (!step) return { dollars: 0, unpriced: false };
    const counted = step.input + step.output > 0;
    return {
      ...(counted
        ? {
            usage: {
              inputTokens: step.input,
              outputTokens: step.output,
              ...(step.cacheRead ? { cacheReadTokens: step.cacheRead } : {}),
              ...(step.cacheWrite ? { cacheWriteTokens: step.cacheWrite } : {}),
            },
          }
        : {}),
      dollars: step.dollars,
      unpriced: step.unpriced > 0,
    };
  }

  /** The head as `conversations/heads.json` keeps it between launches (see headsFile.ts). */
  toSaved(): SavedHead {
    return {
      id: this.id,
      title: this.title,
      createdAt: this.createdAt,
      settings: this.settings,
      ...(this.lastError ? { lastError: this.lastError } : {}),
      size: this.size,
      lines: this.lines,
      unterminated: this.unterminated,
      tail: this.tail.toString('base64'),
      steps: packSteps(this.steps),
    };
  }

  /** The head kept by `toSaved`; throws when what is kept does not read. */
  static fromSaved(saved: SavedHead): ConversationHead {
    const head = new ConversationHead(saved.id, {
      t: 'meta',
      id: saved.id,
      title: saved.title,
      createdAt: saved.createdAt,
      settings: saved.settings,
    });
    head.lastError = saved.lastError;
    head.size = saved.size;
    head.lines = saved.lines;
    head.unterminated = saved.unterminated;
    head.tail = Buffer.from(saved.tail, 'base64');
    for (const step of unpackSteps(saved.steps)) head.steps.push(step);
    return head;
  }

  /** The byte range holding messages [from, to) (other lines may lie between them). */
  range(from: number, to: number): { offsets: number[]; start: number; end: number } | undefined {
    const offsets = this.steps.slice(from, to).map((s) => s.offset);
    if (offsets.length === 0) return undefined;
    return { offsets, start: offsets[0]!, end: this.steps[to]?.offset ?? this.size };
  }
}

export interface ParsedLines {
  entries: { line: Line; offset: number }[];
  /** The end of the last line taken (a line cut off at the end of the bytes is not taken). */
  end: number;
  lines: number;
  /** The last line taken had no newline after it (the end of the file). */
  unterminated: boolean;
}

/**
 * The lines in `bytes`, which start at byte `base` of conversation `id`'s file (line `lineBase`).
 * A line that does not parse is a crash's cut-off write when it is the last one, or when a torn
 * marker follows it; anywhere else it is damage, and named.
 */
export function parseLines(id: string, bytes: Buffer, base: number, lineBase: number): ParsedLines {
  const out: ParsedLines = { entries: [], end: base, lines: lineBase, unterminated: false };
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(10, start);
    const stop = newline === -1 ? bytes.length : newline;
    const raw = bytes.toString('utf8', start, stop);
    const lineNumber = out.lines + 1;
    let line: Line | undefined;
    let cut = false;
    if (raw.trim())
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        cut = true;
      }
    if (cut) {
      // Cut off at the end: not taken in, so that the next append marks it torn.
      if (isLast(bytes, stop)) break;
      if (!tornFollows(bytes, stop)) throw new Error(`Conversation ${id} is damaged at line ${lineNumber}`);
    }
    if (line !== undefined) out.entries.push({ line, offset: base + start });
    out.lines = lineNumber;
    out.end = base + (newline === -1 ? bytes.length : newline + 1);
    out.unterminated = newline === -1;
    if (newline === -1) break;
    start = newline + 1;
  }
  return out;
}

/** Nothing but blank space after `stop`. */
function isLast(bytes: Buffer, stop: number): boolean {
  return bytes.toString('utf8', stop).trim() === '';
}

/** The next line with anything in it, after the line ending at `stop`, is the torn marker. */
function tornFollows(bytes: Buffer, stop: number): boolean {
  let start = stop + 1;
  while (start < bytes.length) {
    const newline = bytes.indexOf(10, start);
    const raw = bytes.toString('utf8', start, newline === -1 ? bytes.length : newline).trim();
    if (raw) return raw === TORN_LINE;
    if (newline === -1) return false;
    start = newline + 1;
  }
  return false;
}
