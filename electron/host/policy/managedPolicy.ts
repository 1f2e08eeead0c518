// The managed policy: an optional JSON file an administrator puts where only they can write, which
// Switchboard reads and never writes. Modelled on VS Code's Linux policy file (/etc/vscode/policy.json)
// and Claude Code's managed-settings.json (/Library/Application Support/ClaudeCode/…,
// /etc/claude-code/…, C:\ProgramData\ClaudeCode\…), whose allowedMcpServers/deniedMcpServers it echoes.
//
// {
//   "registryOnly": true,                               servers only from the registry
//   "registryUrl": "https://registry.example.com",      the one registry Switchboard uses (absent:
//                                                       the official registry's names are believed)
//   "allowedServers": [ {"registry": "io.github.acme/*"}, {"command": "uvx", "args": ["acme-mcp"]} ],
//   "deniedServers":  [ {"url": "https://mcp.untrusted.example"}, {"command": "/usr/local/bin/old-tool"} ],
//   "onlyListedEnv": true,                              with allowedServers: a server's env holds only
//                                                       what the rule that allows it names
//   "requireSandbox": true,                             local servers run only sandboxed (sandboxEnabled)
//   "sandboxAllowedDomains": ["pypi.internal.acme"],    every sandboxed server may reach these…
//   "sandboxDeniedDomains": ["*.pastebin.com"],         …and none may reach these, whatever it allows
//   "telemetry": { "endpoint": "https://otel.acme.example:4318",    OpenTelemetry to the company's
//                  "protocol": "http/protobuf",                     collector, whatever the person's
//                  "headers": { "x-api-key": "…" },                 environment says (read at start;
//                  "resourceAttributes": { "team": "finance" },     docs/telemetry.md)
//                  "captureContent": false }                        prompts, arguments, results too (redacted)
// }
//
// Which registry's names are believed. A registry name (`io.github.acme/*`) is only as good as the
// registry that said it: the official registry (https://registry.modelcontextprotocol.io) lets a
// publisher use only a namespace they proved they own, while any other registry — a mirror in
// settings.json, SWITCHBOARD_REGISTRY_URL, a page on loopback — can publish anything under any name.
// With "registryUrl", that registry is the only one: a server installed from another is refused. Without
// it, the default is the official registry: a server installed from any other registry is not "from
// the registry" for registryOnly and matches no allow rule by registry name (a rule by command or URL
// still can). Deny rules by registry name match a server whatever registry it came from.
//
// A rule in allowedServers may also say, with "command":
//   "cwd": "/opt/acme"            the folder the server must start in (by default it must not choose one:
//                                 a relative script, an .npmrc or a node_modules there would run other code);
// and, with "command" or "registry":
//   "env": ["API_KEY", "ACME_*"]  variables (a name, or every name with a prefix) the server may set.
//                                 Without onlyListedEnv only those that change what runs or where
//                                 packages come from (electron/host/config/launchChangingEnv.ts) are
//                                 judged: any other such variable makes the rule not allow it. That list
//                                 cannot be complete; with onlyListedEnv every name is judged, secrets
//                                 included, and the allow-list holds whatever a runtime reads.
import path from 'node:path';
import { z } from 'zod';

/** One rule: exactly one of registry, command (optionally with leading args) or url. */
export interface PolicyRule {
  /** A registry name (`io.github.acme/tool`) or every name under a namespace (`io.github.acme/*`). */
  registry?: string;
  /**
   * A bare name (`npx`) is the program that name finds on the app's PATH; an absolute path, that file
   * (both compared by real file, symbolic links followed). A deny rule also matches any command of
   * that basename or path as written.
   */
  command?: string;
  /** With command: the server's arguments must begin with these. */
  args?: string[];
  /** An origin (`https://mcp.acme.com`) matches everything on it; a longer URL matches it as a prefix. */
  url?: string;
  /** Allow rules, with command: the folder the server starts in (absent: the default, the person's home). */
  cwd?: string;
  /**
   * Allow rules, with command or registry: env variables the server may set, by name or by prefix
   * (`ACME_*`) — the launch-changing ones only, or all of them under onlyListedEnv.
   */
  env?: string[];
}

export interface WrittenRule {
  rule: PolicyRule;
  /** Where and how the file writes it: `deniedServers[1] {"command":"npx"}`. */
  text: string;
}

export interface ManagedPolicy {
  registryOnly: boolean;
  /** With allowedServers: a server may set only the env variables its allow rule names. */
  onlyListedEnv: boolean;
  registryUrl?: string;
  /** Absent: no allow-list. Present (even empty): only what matches one of these. */
  allowedServers?: WrittenRule[];
  deniedServers: WrittenRule[];
  /** Local servers must run sandboxed: one that would not is refused. */
  requireSandbox: boolean;
  /** Domains every sandboxed server may reach, and domains none may (the person's Allow cannot undo these). */
  sandboxAllowedDomains: string[];
  sandboxDeniedDomains: string[];
  /** OpenTelemetry export the person cannot turn off: every signal to this collector. */
  telemetry?: PolicyTelemetry;
}

export interface PolicyTelemetry {
  /** The collector's base URL: each signal goes to /v1/traces, /v1/metrics, /v1/logs under it. */
  endpoint: string;
  protocol: 'http/protobuf' | 'http/json';
  headers: Record<string, string>;
  resourceAttributes: Record<string, string>;
  /** Prompts, replies, tool arguments and results are exported too (redacted, bounded). */
  captureContent: boolean;
}

const REGISTRY_RULE = /^[A-Za-z0-9][A-Za-z0-9.-]*\/(\*|[A-Za-z0-9][A-Za-z0-9._-]*)$/;
const httpUrl = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .max(8192)
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), `must be ${what}`);

const ruleSchema = z
  .object(
    {
      registry: z
        .string({ error: 'must be a registry name' })
        .max(200)
        .regex(
          REGISTRY_RULE,
          'must be a registry name (io.github.acme/tool) or a namespace ending in /* (io.github.acme/*)',
        )
        .optional(),
      command: z
        .string({ error: 'must be a command' })
        .max(4096)
        .refine((c) => c.trim() !== '' && !/[\0\r\n]/.test(c), 'must be a command')
        .refine(
          (c) => !/[\\/]/.test(c) || path.posix.isAbsolute(c) || path.win32.isAbsolute(c),
          'must be a program name (npx) or the absolute path of one: a relative path would mean a different file in each folder',
        )
        .optional(),
      args: z
        .array(z.string({ error: 'must be a string' }).max(65_536), { error: 'must be an array of strings' })
        .max(1000)
        .optional(),
      url: httpUrl('an http:// or https:// URL').optional(),
      cwd: z
        .string({ error: 'must be a folder' })
        .max(4096)
        .refine(
          (c) => !/[\0\r\n]/.test(c) && (path.posix.isAbsolute(c) || path.win32.isAbsolute(c)),
          'must be the absolute path of a folder',
        )
        .optional(),
      env: z
        .array(
          z
            .string({ error: 'must be a variable name' })
            .max(200)
            .superRefine((name, ctx) => {
              if (name === '*')
                ctx.addIssue({
                  code: 'custom',
                  message: '"*" alone would name every variable: name them, or a prefix such as ACME_*',
                });
              else if (!/^[^=*\0\r\n]+\*?$/.test(name))
                ctx.addIssue({
                  code: 'custom',
                  message: 'must be a variable name, or a prefix ending in * (ACME_*)',
                });
            }),
          { error: 'must be an array of variable names' },
        )
        .max(1000)
        .optional(),
    },
    { error: 'each rule must be an object: {"registry": …}, {"command": …} or {"url": …}' },
  )
  .strict()
  .superRefine((rule, ctx) => {
    const kinds = (['registry', 'command', 'url'] as const).filter((k) => rule[k] !== undefined);
    if (kinds.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: `a rule names exactly one of "registry", "command" or "url"${kinds.length > 1 ? `, not ${kinds.join(' and ')}` : ''}`,
      });
    if (rule.args !== undefined && rule.command === undefined)
      ctx.addIssue({ code: 'custom', path: ['args'], message: '"args" goes only with "command"' });
    if (rule.cwd !== undefined && rule.command === undefined)
      ctx.addIssue({ code: 'custom', path: ['cwd'], message: '"cwd" goes only with "command"' });
    if (rule.env !== undefined && rule.url !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['env'],
        message: '"env" goes only with "command" or "registry"',
      });
  });

const rules = z.array(ruleSchema, { error: 'must be an array of rules' }).max(10_000);

/** Host names as the sandbox reads them (`api.acme.com`, `*.acme.com`, `host:443`). */
const domains = z
  .array(
    z
      .string({ error: 'must be a host name' })
      .max(253 + 6)
      .regex(
        /^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/,
        'must be a host name (api.acme.com), every name under one (*.acme.com), optionally with :port',
      ),
    { error: 'must be an array of host names' },
  )
  .max(10_000);

const policySchema = z
  .object(
    {
      $schema: z.string().optional(),
      registryOnly: z.boolean({ error: 'must be true or false' }).optional(),
      onlyListedEnv: z.boolean({ error: 'must be true or false' }).optional(),
      registryUrl: httpUrl('the http:// or https:// URL of a registry').optional(),
      allowedServers: rules.optional(),
      deniedServers: rules.optional(),
      requireSandbox: z.boolean({ error: 'must be true or false' }).optional(),
      sandboxAllowedDomains: domains.optional(),
      sandboxDeniedDomains: domains.optional(),
      telemetry: z
        .object(
          {
            endpoint: httpUrl('the http:// or https:// URL of an OTLP/HTTP collector'),
            protocol: z
              .enum(['http/protobuf', 'http/json'], { error: 'must be http/protobuf or http/json' })
              .optional(),
            headers: z
              .record(z.string().max(256), z.string().max(8192), { error: 'must be an object of strings' })
              .optional(),
            resourceAttributes: z
              .record(z.string().max(256), z.string().max(8192), { error: 'must be an object of strings' })
              .optional(),
            captureContent: z.boolean({ error: 'must be true or false' }).optional(),
          },
          { error: 'must be an object with an "endpoint"' },
        )
        .strict()
        .optional(),
    },
    { error: 'must be a JSON object' },
  )
  .strict()
  .superRefine((policy, ctx) => {
    // Without an allow-list no rule names any variable: every server with an env would be refused,
    // which is surely not what the file means.
    if (policy.onlyListedEnv === true && policy.allowedServers === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['onlyListedEnv'],
        message:
          'goes only with allowedServers (a server may then set only the variables the allow rule that matches it names in "env")',
      });
    // A deny rule denies whatever the server's folder and env: narrowing it would only let more through.
    policy.deniedServers?.forEach((rule, i) => {
      for (const key of ['cwd', 'env'] as const)
        if (rule[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['deniedServers', i, key],
            message: `"${key}" goes only in allowedServers (a deny rule denies whatever the ${key === 'cwd' ? 'folder' : 'environment'})`,
          });
    });
  });

export type PolicyParse = { ok: true; policy: ManagedPolicy } | { ok: false; error: string };

/** A policy file's parsed JSON, checked whole: any unknown field or bad rule makes it invalid. */
export function parsePolicy(document: unknown): PolicyParse {
  const parsed = policySchema.safeParse(document);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const at = i.path
        .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
        .join('')
        .replace(/^\./, '');
      const message =
        i.code === 'unrecognized_keys'
          ? `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => JSON.stringify(k)).join(', ')}`
          : i.message;
      return at ? `${at}: ${message}` : message;
    });
    return { ok: false, error: issues.join('; ') };
  }
  const raw = document as Record<string, unknown[] | undefined>;
  const written = (key: 'allowedServers' | 'deniedServers', list: PolicyRule[]): WrittenRule[] =>
    list.map((rule, i) => ({ rule, text: `${key}[${i}] ${JSON.stringify(raw[key]![i])}` }));
  const { registryOnly, onlyListedEnv, registryUrl, allowedServers, deniedServers } = parsed.data;
  const { requireSandbox, sandboxAllowedDomains, sandboxDeniedDomains, telemetry } = parsed.data;
  return {
    ok: true,
    policy: {
      registryOnly: registryOnly ?? false,
      onlyListedEnv: onlyListedEnv ?? false,
      ...(registryUrl !== undefined ? { registryUrl } : {}),
      ...(allowedServers !== undefined ? { allowedServers: written('allowedServers', allowedServers) } : {}),
      deniedServers: written('deniedServers', deniedServers ?? []),
      requireSandbox: requireSandbox ?? false,
      sandboxAllowedDomains: sandboxAllowedDomains ?? [],
      sandboxDeniedDomains: sandboxDeniedDomains ?? [],
      ...(telemetry
        ? {
            telemetry: {
              endpoint: telemetry.endpoint,
              protocol: telemetry.protocol ?? 'http/protobuf',
              headers: telemetry.headers ?? {},
              resourceAttributes: telemetry.resourceAttributes ?? {},
              captureContent: telemetry.captureContent ?? false,
            },
          }
        : {}),
    },
  };
}

/**
 * Where the policy file lives: `SWITCHBOARD_POLICY_FILE` when set (tests), else a folder only an
 * administrator can write — /etc/switchboard/policy.json (Linux and others), /Library/Application
 * Support/Switchboard/policy.json (macOS), %ProgramData%\Switchboard\policy.json (Windows).
 */
export function policyFilePath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.SWITCHBOARD_POLICY_FILE) return path.resolve(env.SWITCHBOARD_POLICY_FILE);
  if (platform === 'darwin') return '/Library/Application Support/Switchboard/policy.json';
  if (platform === 'win32')
    return path.win32.join(
      env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData',
      'Switchboard',
      'policy.json',
    );
  return '/etc/switchboard/policy.json';
}
