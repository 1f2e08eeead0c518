// A local server's sandbox, in VS Code's shape so configs carry over both ways: per server
// `"sandboxEnabled": true` and an optional `"sandbox"` block. Written once, for the config file and
// for what crosses the IPC boundary; the host adds its own defaults (electron/host/sandbox).
import { z } from 'zod';

const entry = (what: string) =>
  z
    .string({ error: `must be a string (${what})` })
    .min(1, `must not be empty (${what})`)
    .max(4096, 'must be at most 4096 characters')
    // A rule is read by a person in a prompt and by bwrap as a path: nothing hidden in it.
    .refine((s) => !/\p{Cc}/u.test(s), 'must not hold control characters');

const list = (what: string) =>
  z
    .array(entry(what), { error: `must be an array of strings (${what})` })
    .max(256, 'must list at most 256 entries');

const filesystem = z.strictObject(
  {
    /** Folders it may write besides its own temp folder (and its roots, when they are writable). */
    allowWrite: list('a folder').optional(),
    /** Paths it may not read, besides the secret places the host always hides. */
    denyRead: list('a path').optional(),
    /** Paths it may not write even inside allowWrite. */
    denyWrite: list('a path').optional(),
    /** Paths the person let it read although a default hides them (an "Allow" of a denied read). */
    allowRead: list('a path').optional(),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys' ? `is not a filesystem rule: ${i.keys.join(', ')}` : 'must be an object',
  },
);

const network = z.strictObject(
  {
    /** Host names it may reach (`api.example.com`, `*.example.com`, `host:443`). */
    allowedDomains: list('a host name').optional(),
    deniedDomains: list('a host name').optional(),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys' ? `is not a network rule: ${i.keys.join(', ')}` : 'must be an object',
  },
);

export const sandboxRules = z.strictObject(
  {
    filesystem: filesystem.optional(),
    network: network.optional(),
    /** Switchboard's own: the roots the person gave the server may be written (else only read). */
    rootsWritable: z.boolean({ error: 'must be true or false' }).optional(),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `is not a sandbox setting: ${i.keys.join(', ')} (known: filesystem, network, rootsWritable)`
        : 'must be an object: {"filesystem": {…}, "network": {…}}',
  },
);
export type SandboxRules = z.infer<typeof sandboxRules>;

export const sandboxEnabled = z.boolean({ error: 'must be true or false' });

/** What a denial was about: a file read or written, or a connection. */
export type SandboxAccess = 'read' | 'write' | 'network';

/**
 * One kind of denial of one server, grouped: the same path or host denied again counts up here,
 * never floods the card or the record.
 */
export interface SandboxViolation {
  /** Stable for the group: `${access}:${target}`. */
  id: string;
  access: SandboxAccess;
  /** The path (home written `~`) or `host:port`. */
  target: string;
  /** Said for a person: "tried to read ~/.aws/credentials". */
  text: string;
  count: number;
  first: number;
  last: number;
  /** What Allow for this server would add to its rules, or why it cannot (a policy-denied domain). */
  allow: { rule: string } | { refused: string };
}

/**
 * How to install what the sandbox lacks: commands that paste into a terminal as they are (one per
 * system where there are several), and a remark said beside them, never copied with them.
 */
export interface SandboxInstall {
  commands: { label?: string; command: string }[];
  note?: string;
}

/** The install advice as one line (an error message, the CLI). */
export function installText(install: SandboxInstall): string {
  const commands = install.commands.map((c) => (c.label ? `${c.label}: ${c.command}` : c.command)).join('; ');
  return install.note ? `${commands} (${install.note})` : commands;
}

/** A local server's sandbox as its card shows it. */
export type SandboxView =
  /** Runs with the person's rights: the card offers the sandbox. */
  | { state: 'off' }
  | {
      state: 'confined';
      /** What it may reach, for a person: folders it may write, hosts it may reach, places hidden. */
      writes: string[];
      hosts: string[];
      hidden: string[];
      violations: SandboxViolation[];
    }
  | {
      state: 'unavailable';
      /** What is missing, and how to install it (absent where nothing can be installed). */
      missing: string;
      install?: SandboxInstall;
    };

/**
 * The review step's answer for a server that would start sandboxed (installed from the registry, a
 * bundle or a link): keep it confined — widened by what the person adds — or run it with their rights.
 */
export const sandboxChoice = z.strictObject(
  {
    enabled: z.boolean({ error: 'must be true or false' }),
    allowedDomains: list('a host name').optional(),
    allowWrite: list('a folder').optional(),
  },
  { error: 'must be {"enabled": …, "allowedDomains": […], "allowWrite": […]}' },
);
export type SandboxChoice = z.infer<typeof sandboxChoice>;
