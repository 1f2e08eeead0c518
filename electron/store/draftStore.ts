import path from 'node:path';
import { MAX_MESSAGE_CHARS } from '../../shared/chat/conversation';
import { JsonFile } from './jsonFile';

/** Drafts kept at most (the least recently written go first). */
export const MAX_DRAFTS = 200;
/** All drafts together, in characters, at most (the file is written whole on every change). */
export const MAX_DRAFTS_CHARS = 4_000_000;

interface Draft {
  text: string;
  at: number;
}

/**
 * What the person was writing in each conversation and has not sent, kept across reloads and app
 * launches (one small file, written whole and atomically: a draft changes as it is typed, which the
 * append-only conversation files are not made for). An unreadable file keeps no drafts; it is not an
 * error — nothing was sent, and the next draft written replaces it.
 */
export class DraftStore {
  private readonly file: JsonFile<Record<string, Draft>>;

  constructor(readonly filePath: string) {
    this.file = new JsonFile(filePath, {
      what: 'drafts file',
      empty: () => ({}),
      parse: (value) =>
        Object.fromEntries(
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? Object.entries(value).filter(
                (e): e is [string, Draft] =>
                  typeof e[1]?.text === 'string' && typeof e[1]?.at === 'number' && e[1].text.trim() !== '',
              )
            : [],
        ),
      unreadableIsEmpty: true,
    });
  }

  static inHome(home: string): DraftStore {
    return new DraftStore(path.join(home, 'drafts.json'));
  }

  /** Every kept draft, by conversation id. */
  async all(): Promise<Record<string, string>> {
    // After the writes asked for so far: a draft on its way to the file is already a draft.
    await this.file.settled();
    return Object.fromEntries(Object.entries(await this.file.read()).map(([id, d]) => [id, d.text]));
  }

  async has(id: string): Promise<boolean> {
    await this.file.settled();
    return Object.hasOwn(await this.file.read(), id);
  }

  /** Keeps `text` as the draft of `id`; blank text forgets it. */
  set(id: string, text: string): Promise<void> {
    if (text.length > MAX_MESSAGE_CHARS)
      return Promise.reject(new Error(`A draft is kept up to ${MAX_MESSAGE_CHARS} characters.`));
    return this.file.update((drafts) => {
      delete drafts[id];
      if (text.trim() === '') return drafts;
      drafts[id] = { text, at: Date.now() };
      // Over a bound: the least recently written go, never the one just written.
      const oldest = Object.keys(drafts).sort((a, b) => drafts[a]!.at - drafts[b]!.at);
      let count = oldest.length;
      let chars = oldest.reduce((n, k) => n + drafts[k]!.text.length, 0);
      for (const gone of oldest) {
        if (gone === id || (count <= MAX_DRAFTS && chars <= MAX_DRAFTS_CHARS)) break;
        chars -= drafts[gone]!.text.length;
        count--;
        delete drafts[gone];
      }
      return drafts;
    });
  }

  /** Forgets the draft of `id` (its conversation was deleted). Nothing written if there is none. */
  async delete(id: string): Promise<void> {
    if (!(await this.has(id))) return;
    await this.file.update((drafts) => {
      delete drafts[id];
      return drafts;
    });
  }

  /** Resolves once every change asked for so far is on disk. */
  settled(): Promise<void> {
    return this.file.settled();
  }
}
