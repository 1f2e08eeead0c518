import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { jsonText } from '../../shared/json/jsonDepth';
import type { CompleteReference, Root } from '../../shared/mcp/protocol';
import { policyFilePath } from '../host/policy/managedPolicy';
import { FileAuthStore } from '../host/secrets/fileAuthStore';
import { HostTelemetry } from '../host/telemetry/hostTelemetry';
import {
  type ClientHandlers,
  createHttpTransport,
  ErrorCode,
  McpClient,
  McpError,
  OAuthAuthorizer,
  type SignInRequest,
  StdioTransport,
  type Transport,
} from '../mcp';
import { type CliArgs, parseJsonObject, UsageError } from './args';
import { CliSandbox } from './cliSandbox';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

async function rootsOf(dirs: string[]): Promise<Root[]> {
  return Promise.all(
    dirs.map(async (dir) => {
      const real = await realpath(dir).catch(() => {
        throw new McpError(ErrorCode.InvalidParams, `--roots: ${dir} does not exist`);
      });
      return { uri: pathToFileURL(real).href, name: real.split(/[\\/]/).pop() || real };
    }),
  );
}

function handlersFor(args: CliArgs, roots: Root[], io: CliIO): ClientHandlers {
  const handlers: ClientHandlers = {
    sampling: {
      createMessage: async (params) => {
        if (args.samplingResponse === undefined) {
          io.stderr('sampling request declined (give --sampling-response to answer it)');
          throw new McpError(ErrorCode.UserRejected, 'User rejected sampling request: declined by the CLI');
        }
        io.stderr(`sampling request answered with the canned response (maxTokens ${params.maxTokens})`);
        return {
          role: 'assistant',
          content: { type: 'text', text: args.samplingResponse },
          model: 'switchboard-cli',
        };
      },
    },
    elicitation: {
      form: async (params) => {
        if (!args.elicitationResponse) {
          io.stderr(`elicitation declined (give --elicitation-response to answer it): ${params.message}`);
          return { action: 'decline' };
        }
        return { action: 'accept', content: args.elicitationResponse as Record<string, string> };
      },
      url: async (params) => {
        io.stderr(`URL elicitation declined (the CLI opens no browser): ${params.url}`);
        return { action: 'decline' };
      },
    },
  };
  if (roots.length > 0) handlers.roots = { list: () => roots };
  return handlers;
}

/** The default file of the CLI's sign-ins. */
const DEFAULT_CREDENTIALS = path.join(homedir(), '.switchboard', 'cli-credentials.json');

/**
 * OAuth for a --url server, should it ask: the sign-in link printed to stderr, the answer awaited on
 * loopback (unless --no-sign-in), sign-ins kept in the credentials file for the next run.
 */
function authorizerFor(server: Extract<CliArgs['server'], { kind: 'url' }>, label: string, io: CliIO) {
  const { oauth } = server;
  const secret = oauth.clientSecretEnv ? process.env[oauth.clientSecretEnv] : undefined;
  if (oauth.clientSecretEnv && secret === undefined)
    throw new McpError(ErrorCode.AuthFailed, `the environment variable ${oauth.clientSecretEnv} is not set`);
  const client = oauth.clientId
    ? { clientId: oauth.clientId, ...(secret ? { clientSecret: secret } : {}) }
    : undefined;
  return new OAuthAuthorizer({
    serverUrl: server.url,
    store: new FileAuthStore(oauth.credentialsFile ?? DEFAULT_CREDENTIALS),
    label,
    clientName: 'Switchboard CLI',
    log: (text) => io.stderr(`[auth] ${text}`),
    ...(client && oauth.clientCredentials ? { clientCredentials: client } : {}),
    ...(client && !oauth.clientCredentials ? { preRegistered: client } : {}),
    ...(oauth.signIn
      ? {
          signIn: async (request: SignInRequest) => {
            const scopes = request.scopes.length > 0 ? request.scopes.join(' ') : 'no particular scope';
            io.stderr(
              `${label} needs you to sign in with ${new URL(request.issuer).host} (asks for: ${scopes}).\nOpen this link in your browser; waiting for the answer:\n${request.url.href}`,
            );
          },
        }
      : {}),
  });
}

/** Runs one CLI invocation; resolves to the exit code. */
export async function runCli(args: CliArgs, io: CliIO): Promise<number> {
  const roots = await rootsOf(args.roots);
  const { server } = args;
  if (!server) throw new UsageError('--stdio "<command line>" or --url <url> is required');
  const sandbox =
    server.kind === 'stdio' && server.sandbox
      ? await CliSandbox.create(
          server,
          roots.map((r) => fileURLToPath(r.uri)),
        )
      : undefined;
  // The standard OTEL_* environment, as the app reads it: off unless it names an endpoint or exporter.
  const telemetry = await HostTelemetry.fromPolicyOrEnv(
    undefined,
    (problem) => io.stderr(problem),
    policyFilePath(),
  );
  try {
    return await runOn(args, io, roots, sandbox, telemetry);
  } finally {
    // The run's spans leave before it exits, within a bounded wait (a collector down costs seconds, not the run).
    await telemetry?.shutdown();
    // Said once the server is gone, so its last denials are in; said when the run failed too, which
    // is when a denial is most likely the reason.
    for (const line of sandbox?.denials() ?? []) io.stderr(line);
    await sandbox?.dispose();
  }
}

async function runOn(
  args: CliArgs,
  io: CliIO,
  roots: Root[],
  sandbox: CliSandbox | undefined,
  telemetry: HostTelemetry | undefined,
) {
  const server = args.server!;
  const label = server.kind === 'stdio' ? server.command : new URL(server.url).host;
  const transport: Transport =
    server.kind === 'stdio'
      ? new StdioTransport({
          command: server.command,
          args: server.args,
          env: server.env,
          label,
          ...(sandbox ? { wrap: sandbox.wrap() } : {}),
        })
      : createHttpTransport(
          { url: server.url, headers: server.headers, label, auth: authorizerFor(server, label, io) },
          server.transport,
        );
  transport.onLog((entry) => {
    if (entry.source === 'stderr') io.stderr(`[server] ${entry.text}`);
  });
  sandbox?.follow(transport);
  const client = await McpClient.connect({
    transport,
    serverName: label,
    handlers: handlersFor(args, roots, io),
    requestTimeoutMs: args.timeoutMs,
    ...(telemetry
      ? {
          observer: telemetry.observe({
            name: label,
            ...(server.kind === 'stdio' ? {} : { url: server.url }),
          }),
        }
      : {}),
  });
  const summary = sandbox?.summary();
  if (summary) io.stderr(summary);
  // What the server sent that broke the protocol and was refused or set aside: said, not swallowed.
  client.onProtocolLog((entry) => {
    if (entry.level === 'warning' || entry.level === 'error') io.stderr(`[protocol] ${entry.message}`);
  });
  try {
    if (args.logLevel) {
      client.onLogMessage((m) => {
        let data: string;
        try {
          data = typeof m.data === 'string' ? m.data : jsonText(m.data, 'its data');
        } catch (error) {
          data = `[not shown: ${error instanceof Error ? error.message : String(error)}]`;
        }
        io.stderr(`[${m.level}]${m.logger ? ` ${m.logger}:` : ''} ${data}`);
      });
      if (client.serverCapabilities.logging) await client.setLoggingLevel(args.logLevel);
      else io.stderr('the server does not offer logging; --log-level ignored');
    }
    const [a, b, c] = args.positional;
    // What the server answered, as JSON; nested beyond reason, an error naming what could not be printed.
    const print = (value: unknown) =>
      io.stdout(jsonText(value, `the ${args.subcommand} result${a ? ` for ${a}` : ''} from ${label}`, 2));
    switch (args.subcommand) {
      case 'info':
        print({
          protocolVersion: client.protocolVersion,
          serverInfo: client.serverInfo,
          capabilities: client.serverCapabilities,
          instructions: client.instructions,
        });
        return 0;
      case 'tools':
        print(await client.listTools());
        return 0;
      case 'call': {
        const result = await client.callTool(a!, b ? parseJsonObject(b, 'tool arguments') : {}, {
          onProgress: (p) =>
            io.stderr(
              `progress ${p.progress}${p.total === undefined ? '' : `/${p.total}`}${p.message ? ` ${p.message}` : ''}`,
            ),
        });
        print(result);
        return result.isError ? 1 : 0;
      }
      case 'resources':
        print(await client.listResources());
        return 0;
      case 'templates':
        print(await client.listResourceTemplates());
        return 0;
      case 'read':
        print(await client.readResource(a!));
        return 0;
      case 'prompts':
        print(await client.listPrompts());
        return 0;
      case 'prompt': {
        const promptArgs = b ? parseJsonObject(b, 'prompt arguments') : {};
        print(await client.getPrompt(a!, promptArgs as Record<string, string>));
        return 0;
      }
      case 'complete': {
        const ref: CompleteReference =
          a!.includes('://') || a!.includes('{')
            ? { type: 'ref/resource', uri: a! }
            : { type: 'ref/prompt', name: a! };
        print(await client.complete({ ref, argument: { name: b!, value: c! } }));
        return 0;
      }
      default:
        throw new Error(`unhandled subcommand ${args.subcommand}`);
    }
  } finally {
    await client.close();
  }
}
