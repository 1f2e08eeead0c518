// A server's own fields, with their limits and messages, written once. The edit form's drafts
// (serverDraft.ts, checked at the IPC boundary) and the config file (electron/host/config/serverConfig.ts)
// are both built from these, and differ only where they really do: how env and header values are
// held (secret markers in a draft, $secret references in the file) and how the file spells a transport.
import { z } from 'zod';
import { OAUTH_KEY_ALGORITHMS } from './oauthKeyAlgorithms';

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
  /**
   * Which era of MCP to speak: `auto` (the default: ask with server/discover, fall back to
   * initialize), `modern` (2026-07-28 only) or `legacy` (initialize, 2025-11-25 and earlier).
   */
  protocol: z
    .enum(['auto', 'modern', 'legacy'], { error: 'must be "auto", "modern" or "legacy"' })
    .optional(),
});
export type ServerOptions = z.infer<typeof serverOptions>;

/** The name of an env variable (local) or header (remote). */
export const valueName = z
  .string()
  .min(1, 'a name must not be empty')
  .max(1024, atMost(1024))
  // A program reads an environment entry's name up to its first "=": `NODE_OPTIONS=--require=x --title`
  // would arrive as NODE_OPTIONS. No header name holds one either.
  .refine((n) => !/[=\p{Cc}]/u.test(n), 'a name must not hold "=" or a control character');
/** An env variable's or header's value as written (not a secret reference). */
export const plainValue = z.string({ error: 'must be a string' }).max(65_536, atMost(65_536));

/** How a remote server's OAuth client signs in: a person on a sign-in page, or the client as itself. */
const oauthGrant = z.enum(['authorization_code', 'client_credentials'], {
  error:
    'must be "authorization_code" (a person signs in) or "client_credentials" (the client signs in as itself)',
});
export type OAuthGrant = z.infer<typeof oauthGrant>;

/**
 * A client the person registered with the server's authorization server themselves. Its secret and
 * private key are held apart (secret markers in a draft, $secret references in the file).
 */
export const oauthClientFields = z.object({
  clientId: z
    .string({ error: 'must be a string (the client id the authorization server gave you)' })
    .max(2048, atMost(2048))
    .refine((id) => id.trim() !== '' && id.trim() === id, 'must be a client id without surrounding spaces'),
  /** Absent: authorization_code. */
  grant: oauthGrant.optional(),
  /** For a private key: how the client assertion is signed (default ES256). */
  algorithm: z
    .enum(OAUTH_KEY_ALGORITHMS, { error: `must be one of ${OAUTH_KEY_ALGORITHMS.join(', ')}` })
    .optional(),
});
export type OAuthClientFields = z.infer<typeof oauthClientFields>;

/** What is wrong with a pre-registered client's combination of grant, secret and key, if anything. */
export function oauthClientProblem(client: {
  grant?: OAuthGrant | undefined;
  hasSecret: boolean;
  hasKey: boolean;
}): string | undefined {
  if (client.hasSecret && client.hasKey) return 'give a client secret or a private key, not both';
  if (client.grant === 'client_credentials' && !client.hasSecret && !client.hasKey)
    return 'the client credentials grant needs a client secret or a private key';
  if (client.grant !== 'client_credentials' && client.hasKey)
    return 'a private key (private_key_jwt) is used only with the client credentials grant';
  return undefined;
}
