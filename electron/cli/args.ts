import { splitCommandLine as splitShared } from '../../shared/host/commandLine';
import { baseUrlProblem } from '../../shared/host/settings';
import { LOGGING_LEVELS, type LoggingLevel } from '../../shared/mcp/protocol';
import { emptyInstallFlags, hasInstallFlags, type InstallFlags, readInstallFlag } from './installArgs';
import { emptySandboxFlags, readSandboxFlag, type SandboxFlags, sandboxFlagsProblem } from './sandboxArgs';
import { UsageError } from './usageError';

export { UsageError };

export const USAGE = `Usage: npm run -s mcp -- (--stdio "<command line>" | --url <url>) [flags] <subcommand> [args]
       npm run -s mcp -- [--stdio "<command line>" | --url <url>] [chat flags] chat ["message"]
       npm run -s mcp -- install <file.mcpb> [--name <name>] [--set KEY=VALUE]... [--set-env KEY=VAR]... [--yes]
       npm run -s mcp -- activity [--server <name>] [--outcome <o>] [--search "<words>"] [--json] …

Subcommands:
  info                                  server info, capabilities, protocol version, instructions
  tools                                 list tools
  call <tool> [json-args]               call a tool
  resources                             list resources
  templates                             list resource templates
  read <uri>                            read a resource
  prompts                               list prompts
  prompt <name> [json-args]             get a prompt
  complete <prompt|template> <arg> <value>
                                        complete an argument of a prompt (by name) or a
                                        resource template (by URI template)
  chat ["message"]                      one turn with a model using the server's tools (the
                                        server is named "server"), or without --stdio/--url
                                        the servers of Switchboard's config that you confirmed;
                                        without a message, a conversation until end of input
  install <file.mcpb>                   check and unpack an MCP bundle, show what it runs, and add it
                                        to Switchboard's config (untrusted: confirm it in the app)
  activity                              the activity record (tool calls of the app and mcp chat),
                                        filtered, newest first; its chain checked (activity --help)

Install flags:
  --name <name>                         the server's name (default: from the bundle's manifest)
  --set KEY=VALUE                       a setting of the bundle (repeatable; not for secrets)
  --set-env KEY=VAR                     a setting read from an environment variable (secrets)
  --yes                                 add it without asking (scripts)
  Settings not given are asked in the terminal (secrets hidden), or are an error without one.

Chat flags:
  --provider anthropic|openai           the model API (default: Switchboard's default provider)
  --base-url <url>                      where its requests go (https, or http on this computer)
  --model <name>                        the model (default: the provider's default, or the first
                                        it lists)
  --api-key-env <VAR>                   send the key in this environment variable to --base-url
                                        (ANTHROPIC_API_KEY / OPENAI_API_KEY go only to their
                                        vendor's API)
  --allow <server:tool>                 allow these calls without asking (repeatable; * for any
                                        server or tool, given explicitly: nothing is allowed by
                                        default). Others are asked in the terminal, or denied
                                        when no terminal is attached
  --json                                print the whole turn as JSON (messages, tool calls with
                                        server, arguments, decision and result, token usage)
  Keys: ANTHROPIC_API_KEY / OPENAI_API_KEY, else Switchboard's secret store (file store).

Flags:
  --stdio "<command line>"              a local server to start
  --url <url>                           a remote server (Streamable HTTP, or legacy HTTP+SSE)
  --transport http|sse                  for --url: force a transport (default: detect)
  --header "Name: value"                for --url: send this header on every request (repeatable)
  --credentials <file>                  for --url: where OAuth sign-ins are kept and reused
                                        (default ~/.switchboard/cli-credentials.json, 0600)
  --no-sign-in                          for --url: fail instead of printing a sign-in link
  --client-id <id>                      for --url: a client registered with the authorization server
  --client-secret-env <VAR>             for --url: its secret, read from this environment variable
  --client-credentials                  for --url: sign in as that client (client credentials grant)
  --env NAME=value                      for --stdio: add to the server's environment (repeatable)
  --sandbox                             for --stdio: run it confined, as the app does: your keys,
                                        credentials, browser profiles and Switchboard's data folder
                                        hidden; writes only to a folder of its own; network only to
                                        its launcher's registry (npx: npm; uvx: PyPI). Denials are
                                        said on stderr. Where the sandbox cannot run (Linux: needs
                                        bubblewrap, socat, ripgrep) the server is not started
  --allow-write <dir>                   with --sandbox: it may also write there (repeatable)
  --allow-domain <host>                 with --sandbox: it may also reach this host (repeatable;
                                        *.example.com for its subdomains)
  --timeout <ms>                        request timeout (default 60000)
  --log-level <level>                   ask the server for logs at this level; printed to stderr
  --roots <dir,...>                     directories to offer as roots
  --sampling-response <text>            answer sampling requests with this text (default: decline)
  --elicitation-response <json>         accept form elicitations with this content (default: decline)

JSON goes to stdout; logs and progress to stderr. Exit 0 ok, 1 protocol or tool error, 2 usage.`;

export type CliServer =
  | {
      kind: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      /** Present with --sandbox: run confined, with what it may reach beyond the defaults. */
      sandbox?: Omit<SandboxFlags, 'enabled'>;
    }
  | {
      kind: 'url';
      url: string;
      transport: 'http' | 'sse' | 'auto';
      headers: Record<string, string>;
      oauth: CliOAuth;
    };

/** How a --url server signs in, when it asks for OAuth. */
interface CliOAuth {
  credentialsFile: string | undefined;
  signIn: boolean;
  clientId: string | undefined;
  /** The name of the environment variable that holds the client's secret (never the secret itself). */
  clientSecretEnv: string | undefined;
  clientCredentials: boolean;
}

/** What `chat` asks for besides the servers. */
interface ChatOptions {
  provider: 'anthropic' | 'openai' | undefined;
  baseUrl: string | undefined;
  model: string | undefined;
  /** The environment variable whose key goes to the chosen address. */
  keyEnv: string | undefined;
  /** `server:tool` patterns, `*` for any; `*` alone allows everything. */
  allow: string[];
  json: boolean;
}

export interface CliArgs {
  /** null: `chat` with the servers of Switchboard's config. */
  server: CliServer | null;
  chat: ChatOptions;
  timeoutMs: number | undefined;
  logLevel: LoggingLevel | undefined;
  roots: string[];
  samplingResponse: string | undefined;
  elicitationResponse: Record<string, unknown> | undefined;
  /** `install`'s flags. */
  install: InstallFlags;
  subcommand: string;
  positional: string[];
}

const ARITY: Record<string, [number, number]> = {
  info: [0, 0],
  tools: [0, 0],
  call: [1, 2],
  resources: [0, 0],
  templates: [0, 0],
  read: [1, 1],
  prompts: [0, 0],
  prompt: [1, 2],
  complete: [3, 3],
  chat: [0, 1],
  install: [1, 1],
};

/** Splits --stdio's command line with the same rules as the app's server editor (shared/host/commandLine). */
export function splitCommandLine(line: string): string[] {
  try {
    return splitShared(line);
  } catch (error) {
    throw new UsageError(`--stdio: ${(error as Error).message}`);
  }
}

export function parseJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${what} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

export function parseArgs(argv: string[]): CliArgs {
  let stdio: string | undefined;
  let url: string | undefined;
  let transport: 'http' | 'sse' | 'auto' = 'auto';
  const env: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const oauth: CliOAuth = {
    credentialsFile: undefined,
    signIn: true,
    clientId: undefined,
    clientSecretEnv: undefined,
    clientCredentials: false,
  };
  let oauthFlags = false;
  const rest: string[] = [];
  const chat: ChatOptions = {
    provider: undefined,
    baseUrl: undefined,
    model: undefined,
    keyEnv: undefined,
    allow: [],
    json: false,
  };
  let chatFlags = false;
  const install = emptyInstallFlags();
  const sandbox = emptySandboxFlags();
  const out: Omit<CliArgs, 'server' | 'chat' | 'install' | 'subcommand' | 'positional'> = {
    timeoutMs: undefined,
    logLevel: undefined,
    roots: [],
    samplingResponse: undefined,
    elicitationResponse: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--stdio':
        stdio = value();
        break;
      case '--url': {
        url = value();
        if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
          throw new UsageError(`--url takes an http(s) URL, not ${JSON.stringify(url)}`);
        }
        break;
      }
      case '--transport': {
        const t = value();
        if (t !== 'http' && t !== 'sse') throw new UsageError('--transport takes http or sse');
        transport = t;
        break;
      }
      case '--header': {
        const h = value();
        const colon = h.indexOf(':');
        const name = h.slice(0, colon).trim();
        if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
          throw new UsageError(`--header takes "Name: value", not ${JSON.stringify(h)}`);
        }
        headers[name] = h.slice(colon + 1).trim();
        break;
      }
      case '--credentials':
        oauth.credentialsFile = value();
        oauthFlags = true;
        break;
      case '--no-sign-in':
        oauth.signIn = false;
        oauthFlags = true;
        break;
      case '--client-id':
        oauth.clientId = value();
        oauthFlags = true;
        break;
      case '--client-secret-env': {
        const name = value();
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
          throw new UsageError(
            `--client-secret-env takes the name of an environment variable, not ${JSON.stringify(name)}`,
          );
        oauth.clientSecretEnv = name;
        oauthFlags = true;
        break;
      }
      case '--client-credentials':
        oauth.clientCredentials = true;
        oauthFlags = true;
        break;
      case '--env': {
        const v = value();
        const eq = v.indexOf('=');
        if (eq <= 0) throw new UsageError(`--env takes NAME=value, not ${JSON.stringify(v)}`);
        env[v.slice(0, eq)] = v.slice(eq + 1);
        break;
      }
      case '--timeout': {
        const ms = Number(value());
        if (!Number.isInteger(ms) || ms <= 0)
          throw new UsageError('--timeout takes a positive number of milliseconds');
        out.timeoutMs = ms;
        break;
      }
      case '--log-level': {
        const level = value();
        if (!(LOGGING_LEVELS as readonly string[]).includes(level)) {
          throw new UsageError(`--log-level must be one of ${LOGGING_LEVELS.join(', ')}`);
        }
        out.logLevel = level as LoggingLevel;
        break;
      }
      case '--roots':
        out.roots = value()
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean);
        break;
      case '--sampling-response':
        out.samplingResponse = value();
        break;
      case '--elicitation-response':
        out.elicitationResponse = parseJsonObject(value(), '--elicitation-response');
        break;
      case '--provider': {
        const p = value();
        if (p !== 'anthropic' && p !== 'openai') throw new UsageError('--provider takes anthropic or openai');
        chat.provider = p;
        chatFlags = true;
        break;
      }
      case '--base-url': {
        const url = value();
        const problem = baseUrlProblem(url);
        if (problem) throw new UsageError(`--base-url: ${problem}`);
        chat.baseUrl = url;
        chatFlags = true;
        break;
      }
      case '--model':
        chat.model = value();
        chatFlags = true;
        break;
      case '--api-key-env': {
        const name = value();
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
          throw new UsageError(
            `--api-key-env takes the name of an environment variable, not ${JSON.stringify(name)}`,
          );
        chat.keyEnv = name;
        chatFlags = true;
        break;
      }
      case '--allow': {
        const pattern = value();
        if (pattern !== '*' && !/^[^:\s]+:[^\s]+$/.test(pattern))
          throw new UsageError(`--allow takes server:tool (or * for all), not ${JSON.stringify(pattern)}`);
        chat.allow.push(pattern);
        chatFlags = true;
        break;
      }
      case '--json':
        chat.json = true;
        chatFlags = true;
        break;
      case '--help':
      case '-h':
        throw new UsageError('');
      default:
        if (readInstallFlag(arg, value, install)) break;
        if (readSandboxFlag(arg, value, sandbox)) break;
        if (arg.startsWith('--')) throw new UsageError(`unknown flag ${arg}`);
        rest.push(arg);
    }
  }
  if (stdio && url) throw new UsageError('give --stdio or --url, not both');
  const [subcommand, ...positional] = rest;
  const sandboxProblem = sandboxFlagsProblem(sandbox, stdio !== undefined, subcommand);
  if (sandboxProblem) throw new UsageError(sandboxProblem);
  if (chatFlags && subcommand !== 'chat')
    throw new UsageError('--provider, --base-url, --model, --api-key-env, --allow and --json are for chat');
  if (hasInstallFlags(install) && subcommand !== 'install')
    throw new UsageError('--name, --set, --set-env and --yes are for install');
  let server: CliServer | null;
  if (subcommand === 'install') {
    if (stdio || url) throw new UsageError('install takes a bundle file, not --stdio or --url');
    const given = Object.entries(out).filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length));
    if (
      given.length > 0 ||
      Object.keys(env).length > 0 ||
      Object.keys(headers).length > 0 ||
      oauthFlags ||
      transport !== 'auto'
    )
      throw new UsageError('install takes only --name, --set, --set-env and --yes');
    server = null;
  } else if (url) {
    if (Object.keys(env).length > 0) throw new UsageError('--env is for --stdio servers');
    if ((oauth.clientCredentials || oauth.clientSecretEnv) && !oauth.clientId)
      throw new UsageError('--client-credentials and --client-secret-env need --client-id');
    server = { kind: 'url', url, transport, headers, oauth };
  } else if (stdio) {
    if (Object.keys(headers).length > 0 || transport !== 'auto' || oauthFlags) {
      throw new UsageError('--header, --transport and the sign-in flags are for --url servers');
    }
    const [command, ...args] = splitCommandLine(stdio);
    if (!command) throw new UsageError('--stdio needs a command');
    server = {
      kind: 'stdio',
      command,
      args,
      env,
      ...(sandbox.enabled
        ? { sandbox: { allowWrite: sandbox.allowWrite, allowDomains: sandbox.allowDomains } }
        : {}),
    };
  } else if (subcommand === 'chat') {
    if (Object.keys(env).length > 0 || Object.keys(headers).length > 0 || oauthFlags || transport !== 'auto')
      throw new UsageError('--env, --header, --transport and the sign-in flags need --stdio or --url');
    server = null;
  } else {
    throw new UsageError('--stdio "<command line>" or --url <url> is required');
  }
  if (!subcommand) throw new UsageError('a subcommand is required');
  const arity = ARITY[subcommand];
  if (!arity) throw new UsageError(`unknown subcommand ${subcommand}`);
  if (positional.length < arity[0] || positional.length > arity[1]) {
    throw new UsageError(
      `${subcommand} takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]}–${arity[1]}`} argument(s)`,
    );
  }
  return { ...out, server, chat, install, subcommand, positional };
}
