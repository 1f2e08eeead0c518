import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ConversationHead, SavedHead } from './conversationHead';

/**
 * The conversations' heads kept between launches (`conversations/heads.json`): what the first list
 * after a start would otherwise read every file for. Only a cache — each head is used only while its
 * file still holds the bytes it ended on (size and last bytes), and is caught up from there; a file
 * that does not match, or a heads file that does not read, is read again from the files themselves.
 */
const VERSION = 2;

const savedHead = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  settings: z.object({ maxTokens: z.number() }).passthrough(),
  lastError: z.object({ kind: z.string(), message: z.string() }).passthrough().optional(),
  size: z.number().int().nonnegative(),
  lines: z.number().int().nonnegative(),
  unterminated: z.boolean(),
  tail: z.string(),
  steps: z.string(),
});
const headsFile = z.object({ version: z.literal(VERSION), heads: z.array(savedHead) });

/** The heads kept, by id; none when the file is missing, unreadable or of another version. */
export async function readHeads(file: string): Promise<Map<string, SavedHead>> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return new Map();
  let parsed: z.infer<typeof headsFile>;
  try {
    parsed = headsFile.parse(JSON.parse(text));
  } catch {
    return new Map();
  }
  return new Map(parsed.heads.map((h) => [h.id, h as SavedHead]));
}

/** Writes the heads whole (another file, then renamed over: never half written), readable only by the person. */
export async function writeHeads(file: string, heads: Iterable<ConversationHead>): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(
    temporary,
    JSON.stringify({ version: VERSION, heads: [...heads].map((h) => h.toSaved()) }),
    {
      mode: 0o600,
    },
  );
  await rename(temporary, file);
}
