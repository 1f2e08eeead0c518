import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import { installText, type SandboxInstall } from '../../../shared/host/sandboxRules';
import type { SpawnedLaunch, WrappedLaunch } from '../../mcp';
import type { SandboxPlan } from './sandboxPlan';

/** Whether local servers can be confined on this computer, and if not, what is missing. */
export type SandboxReadiness = { ok: true } | { ok: false; missing: string; install?: SandboxInstall };

/** A confined start refused: the sandbox cannot run here. The server is never started unconfined. */
class SandboxUnavailable extends Error {}

/**
 * Where confined servers get folders of their own (temp, their launcher's cache): the person's cache
 * folder, kept across restarts so an `npx` server is not fetched again each time.
 */
export function defaultSandboxHome(env: NodeJS.ProcessEnv = process.env): string {
  if (process.platform === 'darwin')
    return path.join(homedir(), 'Library', 'Caches', 'Switchboard', 'sandbox');
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'switchboard-sandbox');
}

/** One line the engine saw denied for a wrapped launch, as the runtime wrote it. */
export type ViolationSink = (line: string) => void;

const PACKAGES: [RegExp, string][] = [
  [/bwrap|bubblewrap/i, 'bubblewrap'],
  [/socat/i, 'socat'],
  [/ripgrep|\brg\b/i, 'ripgrep'],
];

/** A value quoted for the POSIX shell the runtime hands the command to. */
const sh = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** The runtime's dependency errors, as what to install and how. */
function missingOf(errors: string[], platform: NodeJS.Platform): SandboxReadiness {
  const packages = [
    ...new Set(errors.flatMap((e) => PACKAGES.filter(([re]) => re.test(e)).map(([, p]) => p))),
  ];
  const what = errors.join('; ');
  if (platform === 'darwin')
    return {
      ok: false,
      missing: what,
      ...(packages.includes('ripgrep')
        ? { install: { commands: [{ command: 'brew install ripgrep' }] } }
        : {}),
    };
  return {
    ok: false,
    missing: what,
    ...(packages.length > 0
      ? {
          install: {
            commands: [
              { command: `sudo apt install ${packages.join(' ')}` },
              { label: 'Fedora', command: `sudo dnf install ${packages.join(' ')}` },
            ],
          },
        }
      : {}),
  };
}

/** bubblewrap can make the namespaces it needs (user namespaces may be turned off for unprivileged users). */
function namespacesWork(): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'bwrap',
      [
        '--ro-bind',
        '/',
        '/',
        '--unshare-user',
        '--unshare-net',
        '--unshare-pid',
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        '--',
        'true',
      ],
      { timeout: 10_000 },
      (error, _out, stderr) => resolve(error ? (stderr.trim() || error.message).split('\n')[0] : undefined),
    );
  });
}

/**
 * The sandbox runtime (`@anthropic-ai/sandbox-runtime`), one per process as it requires: bubblewrap
 * with a private network and its filtering proxy on Linux, Seatbelt on macOS. Each confined server
 * is wrapped with its own filesystem rules and its own allowed domains (registered under an
 * unguessable id, which its violations are attributed by).
 */
export class SandboxEngine {
  private started: Promise<void> | undefined;
  private readiness: Promise<SandboxReadiness> | undefined;
  private readonly sinks = new Map<string, ViolationSink>();
  private seen = 0;
  private unsubscribe: (() => void) | undefined;
  private denied: string[] = [];

  constructor(private readonly platform: NodeJS.Platform = process.platform) {}

  private static one: SandboxEngine | undefined;
  /** The process's engine: the runtime allows one configuration per process, shared by every host in it. */
  static shared(): SandboxEngine {
    SandboxEngine.one ??= new SandboxEngine();
    return SandboxEngine.one;
  }

  /** What this computer lacks for the sandbox, checked once while it works (again after it did not). */
  ready(): Promise<SandboxReadiness> {
    if (!this.readiness)
      this.readiness = this.check().then((r) => {
        if (!r.ok) this.readiness = undefined;
        return r;
      });
    return this.readiness;
  }

  private async check(): Promise<SandboxReadiness> {
    if (this.platform === 'win32')
      return {
        ok: false,
        missing:
          'Switchboard cannot confine servers on Windows yet (the runtime needs an administrator to set up its sandbox account)',
      };
    if (!SandboxManager.isSupportedPlatform())
      return { ok: false, missing: `the sandbox runtime does not support ${this.platform}` };
    const { errors } = SandboxManager.checkDependencies();
    if (errors.length > 0) return missingOf(errors, this.platform);
    if (this.platform === 'linux') {
      const problem = await namespacesWork();
      if (problem)
        return {
          ok: false,
          missing: `bubblewrap cannot create its namespaces here (${problem}): user namespaces are turned off for unprivileged users`,
          install: {
            commands: [{ command: 'sudo sysctl -w kernel.unprivileged_userns_clone=1' }],
            note: 'or allow bwrap in AppArmor',
          },
        };
    }
    return { ok: true };
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      await SandboxManager.initialize(this.baseConfig(), undefined, true);
      this.unsubscribe = SandboxManager.getSandboxViolationStore().subscribe(() => this.dispatch());
    })().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  private baseConfig() {
    // No domain for everyone: each server's own list is registered with its launch.
    return {
      network: { allowedDomains: [], deniedDomains: this.denied },
      filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
      // On Linux the runtime looks for git hooks and shell files below the host's *own* working
      // directory at every launch (ripgrep, down to this depth): not a server's folder (those are
      // protected by protectedInside), and from `/` — where a desktop may start the app — a search
      // four levels deep ran ten seconds before each start. One level: the host's folder and its
      // children, a few milliseconds.
      mandatoryDenySearchDepth: 1,
    };
  }

  /** New violations, each to the launch it is attributed to (by the id its wrap was given). */
  private dispatch(): void {
    const store = SandboxManager.getSandboxViolationStore();
    const total = store.getTotalCount();
    const fresh = total - this.seen;
    this.seen = total;
    if (fresh <= 0) return;
    for (const v of store.getViolations(fresh)) {
      const key = v.encodedCommand ? Buffer.from(v.encodedCommand, 'base64').toString() : undefined;
      const sink =
        (key ? this.sinks.get(key) : undefined) ??
        [...this.sinks.entries()].find(([id]) => v.command?.includes(id))?.[1];
      sink?.(v.line);
    }
  }

  /**
   * `launch` as it runs confined by `plan`. Refuses (SandboxUnavailable) where the sandbox cannot
   * run: the server is then not started at all.
   */
  async wrap(launch: SpawnedLaunch, plan: SandboxPlan, onViolation: ViolationSink): Promise<WrappedLaunch> {
    const readiness = await this.ready();
    if (!readiness.ok)
      throw new SandboxUnavailable(
        `the sandbox is not available: ${readiness.missing}${readiness.install ? `. Install: ${installText(readiness.install)}` : ''}. The server was not started unconfined.`,
      );
    const newDenied = plan.deniedDomains.filter((d) => !this.denied.includes(d));
    if (newDenied.length > 0) {
      // The runtime's own lists can only allow per launch: a server's denied domains are denied for all.
      this.denied = [...this.denied, ...newDenied];
      if (this.started) SandboxManager.updateConfig(this.baseConfig());
    }
    await this.start();
    for (const dir of [
      'tmp',
      ...Object.values(plan.env)
        .filter((v) => v.startsWith(plan.ownDir))
        .map((v) => path.relative(plan.ownDir, v)),
    ])
      await mkdir(path.join(plan.ownDir, dir), { recursive: true, mode: 0o700 });
    const commandId = randomBytes(16).toString('base64url');
    // Inside: loopback and private addresses go through the proxy too (so an allowed one works, and a
    // denied one is a denial the person sees, not a silent refusal).
    const inner = [
      ...Object.entries({ NO_PROXY: '', no_proxy: '', ...plan.env }).map(([k, v]) => `${k}=${sh(v)}`),
      'exec',
      sh(launch.program),
      ...launch.args.map(sh),
    ].join(' ');
    const wrapped = await SandboxManager.wrapWithSandboxArgv(
      inner,
      // POSIX sh, not the runtime's default bash: started on a socket (Node's stdio pipes are socket
      // pairs) bash takes itself for a remote shell and reads the person's ~/.bashrc — into the
      // protocol stream, slowly, and inside the server's sandbox. `inner` and the runtime's own
      // script are plain sh.
      'sh',
      {
        filesystem: {
          denyRead: plan.denyRead,
          allowRead: plan.allowRead,
          allowWrite: plan.allowWrite,
          denyWrite: plan.denyWrite,
        },
      },
      undefined,
      launch.cwd,
      { commandId, commandText: `switchboard server ${commandId}` },
    );
    try {
      if (plan.allowedDomains.length > 0)
        SandboxManager.registerCommandNetworkLists(commandId, { allowedDomains: plan.allowedDomains });
    } catch (error) {
      throw new Error(
        `its sandbox's allowedDomains cannot be used: ${error instanceof Error ? error.message : error}`,
      );
    }
    this.sinks.set(commandId, onViolation);
    const [program, ...args] = wrapped.argv;
    // What the runtime adds to the environment (none on Linux, where bwrap sets it inside).
    const added = Object.fromEntries(
      Object.entries(wrapped.env).filter(([k, v]) => v !== undefined && process.env[k] !== v),
    ) as Record<string, string>;
    let released = false;
    return {
      program: program!,
      args,
      env: { ...launch.env, ...added },
      release: () => {
        // Once: the runtime counts the launches still running.
        if (released) return;
        released = true;
        this.dispatch();
        this.sinks.delete(commandId);
        SandboxManager.unregisterCommandNetworkLists(commandId);
        // The empty files bubblewrap placed for rules on missing paths go once no launch needs them.
        SandboxManager.cleanupAfterCommand();
      },
    };
  }

  private holders = 0;

  /**
   * A host uses the engine until the returned release (at its shutdown); the last release stops the
   * runtime's proxies, which would otherwise keep a finished process (the CLI, a test) alive.
   */
  hold(): () => Promise<void> {
    this.holders++;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      if (--this.holders === 0) await this.dispose();
    };
  }

  /** Stops the proxies (the last holder gone). */
  async dispose(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.started) await this.started.then(() => SandboxManager.reset()).catch(() => {});
    this.started = undefined;
  }
}
