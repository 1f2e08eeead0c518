import { homedir } from 'node:os';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../../shared/mcp/apps';
import type { Era } from '../../../shared/mcp/protocol';
import {
  type ClientCredentials,
  type ClientHandlers,
  createHttpTransport,
  type HttpAuth,
  type McpClientOptions,
  type PingOptions,
  type PreRegisteredClient,
  type SessionObserver,
  type SpawnedLaunch,
  StdioTransport,
  type Transport,
  traceContextFromEnv,
  type WrappedLaunch,
} from '../../mcp';
import {
  type ConfigValue,
  isSecretRef,
  type RemoteServerConfig,
  type SecretRef,
  type ServerConfig,
} from '../config/serverConfig';
import { isSecretName, type Redactor } from '../logs/redactor';
import { type SecretField, type SecretStore, secretRefProblem } from '../secrets/secretStore';

/** Something in the server's configuration that only an edit can fix (a secret missing or not its own). */
export class ConfigProblem extends Error {}

/**
 * A remote server is pinged every 30 s; after a missed answer, again a second later (a restarted
 * server answers that one through a new session); two missed in a row mark it unreachable.
 */
const REMOTE_PING: PingOptions = {
  intervalMs: 30_000,
  timeoutMs: 10_000,
  maxMissed: 2,
  retryIntervalMs: 1000,
};

/**
 * The client's options for one attempt at a server, as configured: the extensions the app handles
 * (MCP Apps: Views render in the conversation, so servers may offer their tools with one), its
 * timeouts and protocol, the era it answered in before, and a remote server's ping.
 */
export function clientOptions(
  config: ServerConfig,
  deps: {
    handlers: ClientHandlers;
    remotePing?: PingOptions;
    /** Telemetry's observer for this attempt's session (none: telemetry is off). */
    observe?: (config: ServerConfig) => SessionObserver;
  },
  attempt: Pick<
    McpClientOptions,
    'transport' | 'signal' | 'onWireTrace' | 'onOpeningLog' | 'onOpeningRequest'
  > & {
    era: Era | undefined;
  },
): McpClientOptions {
  const { era, ...opening } = attempt;
  return {
    ...opening,
    serverName: config.name,
    handlers: deps.handlers,
    extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } },
    requestTimeoutMs: config.requestTimeoutMs,
    maxTotalTimeoutMs: config.maxTotalTimeoutMs,
    protocol: config.protocol ?? 'auto',
    ...(era ? { knownEra: era } : {}),
    // Read once per start, not at every request: the process's environment does not change under it.
    traceContext: constant(traceContextFromEnv()),
    ...(deps.observe ? { observer: deps.observe(config) } : {}),
    ...(config.kind === 'remote' ? { ping: deps.remotePing ?? REMOTE_PING } : {}),
  };
}

/**
 * The transport for one attempt at a server, as configured: a local process (in the person's home
 * unless it names a folder) or a remote URL, with secret references filled in from the store.
 * `program`: the local server's program as the managed policy judged it — exactly that file is spawned.
 * `wrap`: what a confined server's launch runs inside (its sandbox).
 */
export async function openTransport(
  config: ServerConfig,
  deps: { secrets: SecretStore; redactor: Redactor; resolveShellPath?: boolean },
  auth?: HttpAuth,
  program?: string,
  wrap?: (launch: SpawnedLaunch) => Promise<WrappedLaunch>,
): Promise<Transport> {
  if (config.kind === 'stdio') {
    return new StdioTransport({
      command: config.command,
      ...(program ? { program } : {}),
      args: config.args,
      env: await resolveValues(config, config.env, 'env', deps),
      // Not the app's own folder (a checkout's node_modules/.bin would shadow what npx fetches):
      // a server with no folder of its own starts in the person's home, as from a new terminal.
      cwd: config.cwd ?? homedir(),
      label: config.name,
      resolveShellPath: deps.resolveShellPath,
      ...(wrap ? { wrap } : {}),
    });
  }
  return createHttpTransport(
    {
      url: config.url,
      headers: await resolveValues(config, config.headers, 'headers', deps),
      label: config.name,
      ...(auth ? { auth } : {}),
    },
    config.type,
  );
}

/** Plain values, with secret references filled in from the store (and added to the redactor). */
async function resolveValues(
  config: ServerConfig,
  values: Record<string, ConfigValue>,
  field: 'env' | 'headers',
  deps: { secrets: SecretStore; redactor: Redactor },
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isSecretRef(value)) {
      // Not marked secret, but named like one (Authorization, *_TOKEN, *_API_KEY…): hide it anyway.
      if (isSecretName(name)) deps.redactor.add(value);
      out[name] = value;
      continue;
    }
    out[name] = await resolveSecret(config, field, name, value, deps);
  }
  return out;
}

/**
 * One stored secret. A reference resolves only inside its own server and field: a config file (or
 * an import) that names another secret — the API key, another server's token — gets nothing.
 */
async function resolveSecret(
  config: ServerConfig,
  field: SecretField,
  name: string,
  ref: SecretRef,
  deps: { secrets: SecretStore; redactor: Redactor },
): Promise<string> {
  const problem = secretRefProblem(config.name, field, name, ref, config);
  if (problem) throw new ConfigProblem(problem);
  const secret = await deps.secrets.get(ref.$secret);
  if (secret === undefined) {
    throw new ConfigProblem(
      `the secret for ${field} ${name} is not set (${ref.$secret}); enter it in the server's settings`,
    );
  }
  deps.redactor.add(secret);
  return secret;
}

/** The OAuth client a remote server's config names, with its secret or key from the store. */
export async function resolveOAuthClient(
  config: RemoteServerConfig,
  deps: { secrets: SecretStore; redactor: Redactor },
): Promise<{ preRegistered?: PreRegisteredClient; clientCredentials?: ClientCredentials }> {
  const oauth = config.oauth;
  if (!oauth) return {};
  const secret = oauth.clientSecret
    ? await resolveSecret(config, 'oauth', 'clientSecret', oauth.clientSecret, deps)
    : undefined;
  const privateKeyPem = oauth.privateKey
    ? await resolveSecret(config, 'oauth', 'privateKey', oauth.privateKey, deps)
    : undefined;
  if (oauth.grant === 'client_credentials') {
    return {
      clientCredentials: {
        clientId: oauth.clientId,
        ...(secret !== undefined ? { clientSecret: secret } : {}),
        ...(privateKeyPem !== undefined ? { privateKeyPem } : {}),
        ...(oauth.algorithm ? { algorithm: oauth.algorithm } : {}),
      },
    };
  }
  return {
    preRegistered: { clientId: oauth.clientId, ...(secret !== undefined ? { clientSecret: secret } : {}) },
  };
}

const constant =
  <T>(value: T) =>
  (): T =>
    value;
