// A one-off `--stdio … --sandbox` run, confined exactly as the app confines a server with
// `sandboxEnabled`: the host's ServerSandbox (its plan, the engine, the violation parsing and grouping)
// with the places the app would use — the person's home, Switchboard's data folder, the sandbox's
// own folder under the person's cache. Only what is said differs: stderr lines instead of a card.
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { SandboxView, SandboxViolation } from '../../shared/host/sandboxRules';
import { switchboardHome } from '../host/config/configFile';
import { defaultSandboxHome, SandboxEngine } from '../host/sandbox/sandboxEngine';
import { ServerSandbox } from '../host/sandbox/serverSandbox';
import { ErrorCode, McpError, type SpawnedLaunch, type Transport, type WrappedLaunch } from '../mcp';
import type { CliServer } from './args';

type StdioCli = Extract<CliServer, { kind: 'stdio' }>;

/** How to allow a denial from the command line, when a flag can. */
function flagFor(v: SandboxViolation): string {
  if (!('rule' in v.allow)) return '';
  if (v.access === 'network') return ` (--allow-domain ${v.allow.rule} allows it)`;
  if (v.access === 'write') return ` (--allow-write ${v.allow.rule} allows it)`;
  return '';
}

/** `sandbox:`, or `sandbox (name):` where several servers may speak (chat). */
const said = (server?: string) => (server === undefined ? 'sandbox:' : `sandbox (${server}):`);

/** A denial as the card words it, counted when repeated: "sandbox: tried to reach example.com:443 (3 times)". */
export function denialLine(v: SandboxViolation, server?: string): string {
  return `${said(server)} ${v.text}${v.count > 1 ? ` (${v.count} times)` : ''}${flagFor(v)}`;
}

/** What a confined server runs under, in one line, as its card shows it. */
export function confinedLine(view: SandboxView, server?: string): string | undefined {
  if (view.state !== 'confined') return undefined;
  return `${said(server)} confined; writes only to ${view.writes.join(', ')}; reaches ${
    view.hosts.length > 0 ? `only ${view.hosts.join(', ')}` : 'no host'
  }; hidden: ${view.hidden.join(', ')}`;
}

/** Every denial of a confined server, grouped, in the order first seen. */
export function denialLines(view: SandboxView, server?: string): string[] {
  if (view.state !== 'confined') return [];
  return [...view.violations].sort((a, b) => a.first - b.first).map((v) => denialLine(v, server));
}

export class CliSandbox {
  private constructor(
    private readonly sandbox: ServerSandbox,
    /** This run's hold on the process's engine (see SandboxEngine.hold). */
    private readonly release: () => Promise<void>,
  ) {}

  /**
   * The sandbox of `server` (given --sandbox), with the folders it may write checked to exist: a
   * rule for a folder that is not there would be dropped, and the server refused writes with no clue.
   */
  static async create(server: StdioCli, roots: string[]): Promise<CliSandbox> {
    if (!server.sandbox) throw new Error('not a sandboxed run');
    const { allowDomains } = server.sandbox;
    const allowWrite = await Promise.all(
      server.sandbox.allowWrite.map((dir) =>
        realpath(dir).catch(() => {
          throw new McpError(ErrorCode.InvalidParams, `--allow-write: ${dir} does not exist`);
        }),
      ),
    );
    const engine = SandboxEngine.shared();
    const home = homedir();
    return new CliSandbox(
      new ServerSandbox(
        {
          // Its own folder is named after the whole command line: one per server, kept across runs
          // (an `npx` server's cache is not fetched again each time).
          name: [server.command, ...server.args].join(' '),
          command: server.command,
          sandboxEnabled: true,
          sandbox: {
            ...(allowWrite.length > 0 ? { filesystem: { allowWrite } } : {}),
            ...(allowDomains.length > 0 ? { network: { allowedDomains: allowDomains } } : {}),
          },
        },
        {
          engine,
          home,
          dataDir: switchboardHome(),
          sandboxHome: defaultSandboxHome(),
          rootsFor: () => roots,
        },
      ),
      engine.hold(),
    );
  }

  /** The transport's wrap: the launch as it runs confined (refused, never unconfined, where it cannot be). */
  wrap(): (launch: SpawnedLaunch) => Promise<WrappedLaunch> {
    const wrap = this.sandbox.wrap();
    if (!wrap) throw new Error('the sandbox is not enabled');
    return wrap;
  }

  /** Reads denied reads from what the server prints, as the app does. */
  follow(transport: Transport): () => void {
    return this.sandbox.follow(transport);
  }

  /** What it runs under, in one line, as the card shows it. */
  summary(): string | undefined {
    return confinedLine(this.sandbox.view());
  }

  /** Every denial, grouped (after the server stopped: its last ones are in). */
  denials(): string[] {
    return denialLines(this.sandbox.view());
  }

  /** Lets go of the engine: the last hold stops the runtime's proxies, which would keep the CLI running. */
  async dispose(): Promise<void> {
    this.sandbox.dispose();
    await this.release();
  }
}
