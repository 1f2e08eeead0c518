// A server's own fields, with their limits and messages, written once. The edit form's drafts
// (serverDraft.ts, checked at the IPC boundary) and the config file (electron/host/config/serverConfig.ts)
// are both built from these, and differ only where they really do: how env and header values are
// held (secret markers in a draft, $secret references in the file) and how the file spells a transport.
import { z } from 'zod';

const DAY_MS = 86_400_000;
const WHOLE_MS = 'must be a positive whole number of milliseconds';
const atMost = (n: number, what = 'characters') => `must be at most ${n} ${what}`;

const timeoutMs = z
  .number({ error: WHOLE_MS })
  .int(WHOLE_MS)
  .positive(WHOLE_MS)
  .max(DAY_MS, `${atMost(DAY_MS, 'milliseconds')} (a day)`);

/** A local server: what runs, and where. */
export const stdioLaunch = z.object({
  command: z
    .string({ error: 'must be a non-empty string' })
    .max(4096, atMost(4096))
    .refine((c) => c.trim() !== '', 'must be a non-empty string'),
  args: z
    .array(z.string({ error: 'must be a string' }).max(65_536, atMost(65_536)), {
      error: 'must be an array of strings',
    })
    .max(1000, atMost(1000, 'arguments')),
  /** Absent: the person's home folder. */
  cwd: z
    .string({ error: 'must be a string (a directory)' })
    .min(1, 'must name a directory (leave it out for the home folder)')
    .max(4096, atMost(4096))
    .optional(),
});
export type StdioLaunch = z.infer<typeof stdioLaunch>;

/** A remote server: where it lives, and how to speak to it. */
export const remoteEndpoint = z.object({
  url: z
    .string({ error: 'must be a URL' })
    .max(8192, atMost(8192))
    .refine((u) => URL.canParse(u), { message: 'must be a URL', abort: true })
    .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http:// or https:// URL'),
  /** `auto`: detect Streamable HTTP or legacy SSE (the spec's backwards-compatibility rule). */
  type: z.enum(['http', 'sse', 'auto'], { error: 'must be "http", "sse" or "auto"' }),
});
export type RemoteEndpoint = z.infer<typeof remoteEndpoint>;

/** What either kind may set besides. */
export const serverOptions = z.object({
  disabled: z.boolean({ error: 'must be true or false' }).optional(),
  requestTimeoutMs: timeoutMs.optional(),
  maxTotalTimeoutMs: timeoutMs.optional(),
});
export type ServerOptions = z.infer<typeof serverOptions>;

/** The name of an env variable (local) or header (remote). */
export const valueName = z.string().min(1, 'a name must not be empty').max(1024, atMost(1024));
/** An env variable's or header's value as written (not a secret reference). */
export const plainValue = z.string({ error: 'must be a string' }).max(65_536, atMost(65_536));
