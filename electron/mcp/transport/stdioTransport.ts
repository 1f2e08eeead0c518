import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import spawn from 'cross-spawn';
import { ErrorCode } from '../jsonrpc/errorCodes';
import type { JsonRpcMessage } from '../jsonrpc/message';
import { parseMessage } from '../jsonrpc/parseMessage';
import { McpError } from '../mcpError';
import { buildChildEnv } from './childEnv';
import { findProgram } from './findProgram';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './lineDecoder';
import { resolveLoginShellPath } from './loginShellPath';
import { signalTree, waitTreeGone } from './processTree';
import type { Transport, TransportClosed } from './transport';
import { TransportEvents } from './transportEvents';

export interface StdioServerParams {
  /** The program as configured: a name looked for on the app's PATH (never its env's), or a path. */
  command: string;
  /**
   * The program already found (an absolute path): what the host judged is what is spawned. Absent:
   * `command` is looked for as findProgram does, on the PATH the child inherits from the app.
   */
  program?: string;
  args?: string[];
  /** Added to the safe inherited set (see childEnv.ts). */
  env?: Record<string, string>;
  cwd?: string;
  /** Take PATH from the login shell: set when the app was started from a GUI launcher. */
  resolveShellPath?: boolean;
  /** A name for errors and logs; defaults to the command. */
  label?: string;
  maxLineBytes?: number;
  /** Shutdown waits: after closing stdin, then after SIGTERM. */
  stdinGraceMs?: number;
  termGraceMs?: number;
  /** How many stderr lines to keep for error reports. */
  stderrTailLines?: number;
  /**
   * Runs the program inside something else (the host's sandbox): given exactly what would be
   * spawned, returns what to spawn instead; `release` is called once the process is gone. A
   * rejection fails the start with its message.
   */
  wrap?: (launch: SpawnedLaunch) => Promise<WrappedLaunch>;
}

/** What a stdio server is started as: the program found, its arguments, folder and whole env. */
export interface SpawnedLaunch {
  program: string;
  args: string[];
  cwd: string | undefined;
  env: Record<string, string>;
}
export interface WrappedLaunch extends Omit<SpawnedLaunch, 'cwd'> {
  release?: () => void;
}

const MAX_STDERR_LINE = 16 * 1024;
/** What ends a stderr line cut at MAX_STDERR_LINE (the host hides a secret's first part left before it). */
export const STDERR_CUT = '… [truncated]';
/** How long a server that closed its stdout has to exit before it is stopped. */
const OUTPUT_END_GRACE_MS = 500;

/** What a person needs to hear when the program could not be started at all. */
function spawnProblem(error: NodeJS.ErrnoException, command: string, cwd: string | undefined): string {
  const wholeLine = /\s/.test(command.trim())
    ? ' It looks like a whole command line: put the program in Command and the rest in the arguments (pasting the line into Command splits it).'
    : '';
  switch (error.code) {
    case 'ENOENT':
      return `the program "${command}" was not found on the PATH the app sees${
        cwd ? `, or the working folder ${cwd} does not exist` : ''
      }. Is it installed?${wholeLine}`;
    case 'EACCES':
      return `"${command}" is not executable.`;
    default:
      return error.message;
  }
}

/**
 * One server as a child process speaking newline-delimited JSON-RPC on stdin/stdout. stderr is
 * captured line by line as log entries and never parsed as protocol.
 */
export class StdioTransport extends TransportEvents implements Transport {
  private child: ChildProcessWithoutNullStreams | undefined;

  private readonly stderrTail: string[] = [];
  private outbox: string[] = [];
  private flushScheduled = false;
  private closeRequested = false;
  private closed: TransportClosed | undefined;
  private exited: Promise<void> | undefined;
  /** Stopped by us because it closed its stdout and went on running (see outputEnded). */
  private outputClosed = false;
  /** What the wrap hands back to undo once the process is gone. */
  private release: (() => void) | undefined;
  private readonly label: string;

  constructor(private readonly params: StdioServerParams) {
    super();
    this.label = params.label ?? params.command;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('StdioTransport already started');
    const { command, args = [], cwd } = this.params;
    const path = this.params.resolveShellPath ? await resolveLoginShellPath() : undefined;
    const env = buildChildEnv(this.params.env, path ? { path } : {});
    // What the child inherits from the app, before its config sets anything: a PATH in the server's
    // own env is its children's, and never chooses which program the server is.
    const inherited = buildChildEnv(undefined, path ? { path } : {});
    const searched = inherited.PATH ?? inherited.Path;
    // A path is spawned as written even when it is no program (the system then says why: EACCES).
    const program =
      this.params.program ??
      (await findProgram(command, { searchPath: searched, cwd })) ??
      (command.includes('/') || (process.platform === 'win32' && command.includes('\\'))
        ? resolvePath(cwd ?? process.cwd(), command)
        : undefined);
    if (program === undefined)
      throw this.startFailed(
        Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT' }),
        searched,
      );
    let spawned: WrappedLaunch = { program, args, env };
    if (this.params.wrap) {
      try {
        spawned = await this.params.wrap({ program, args, cwd, env });
      } catch (error) {
        throw new McpError(
          ErrorCode.ConnectionClosed,
          `Could not start ${this.label}: ${error instanceof Error ? error.message : String(error)}`,
          { server: this.label, cause: error, data: { spawnError: 'wrap' } },
        );
      }
    }
    this.release = spawned.release;
    const child = spawn(spawned.program, spawned.args, {
      env: spawned.env,
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
      // Own process group, so shutdown reaches grandchildren (see processTree.ts).
      detached: process.platform !== 'win32',
    }) as ChildProcessWithoutNullStreams;
    this.child = child;

    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.releaseWrap();
        reject(this.startFailed(error, searched));
      });
    });

    const decoder = new LineDecoder(
      (line) => this.onLine(line),
      (input) => this.malformedEmitter.fire(input),
      this.params.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
    );
    child.stdout.on('data', (chunk: Buffer) => decoder.push(chunk));
    child.stdout.on('end', () => {
      decoder.end();
      this.outputEnded(child);
    });
    this.captureStderr(child);
    // A server that dies while we write would otherwise crash us with EPIPE.
    child.stdin.on('error', (error) => this.log('debug', `stdin: ${error.message}`));
    child.stdout.on('error', (error) => this.log('debug', `stdout: ${error.message}`));

    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        void this.afterExit(child, code, signal).then(resolve);
      });
    });
    this.log('info', `started ${this.label} (pid ${child.pid})`);
  }

  /** The program could not be started at all: said for a person, the PATH searched to the log. */
  private startFailed(error: NodeJS.ErrnoException, searched: string | undefined): McpError {
    const { command, cwd } = this.params;
    // The whole PATH goes to the log, not into the message a person reads on the server's card.
    if (error.code === 'ENOENT')
      this.logEmitter.fire({
        level: 'info',
        source: 'transport',
        text: `PATH searched: ${searched ?? 'unset'}`,
      });
    return new McpError(
      ErrorCode.ConnectionClosed,
      `Could not start ${this.label}: ${spawnProblem(error, command, cwd)}`,
      {
        server: this.label,
        cause: error,
        // Nothing a retry would change: the program is missing or cannot be run.
        data: { spawnError: error.code ?? 'unknown' },
      },
    );
  }

  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closed || this.closeRequested || !this.child) {
      return Promise.reject(
        new McpError(ErrorCode.ConnectionClosed, `${this.label} is not running`, { server: this.label }),
      );
    }
    // Coalesce everything sent in one tick into one write: concurrent requests cost one syscall.
    this.outbox.push(`${JSON.stringify(message)}\n`);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(this.flush);
    }
    return Promise.resolve();
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    const data = this.outbox.length === 1 ? this.outbox[0]! : this.outbox.join('');
    this.outbox = [];
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed && stdin.writable) stdin.write(data);
  };

  /**
   * Shutdown per the spec: close stdin, wait; SIGTERM, wait; SIGKILL — each to the whole process
   * group. Resolves when the server and everything it spawned are gone (or could not be killed).
   */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.closeRequested) {
      await this.exited;
      return;
    }
    this.closeRequested = true;
    if (this.outbox.length > 0) this.flush();
    child.stdin.end();
    const exitedInTime = await this.waitExit(this.params.stdinGraceMs ?? 2000);
    if (!exitedInTime && child.pid !== undefined) {
      this.log('info', `${this.label} did not exit after stdin closed; sending SIGTERM`);
      signalTree(child.pid, 'SIGTERM');
      if (!(await this.waitExit(this.params.termGraceMs ?? 2000))) {
        this.log('warning', `${this.label} ignored SIGTERM; sending SIGKILL`);
        signalTree(child.pid, 'SIGKILL');
      }
    }
    await this.exited;
  }

  /**
   * The server closed its stdout. It exits now, as a rule; one that goes on running can never answer
   * again, and its requests would only time out one by one: it is stopped, and its close says why.
   */
  private outputEnded(child: ChildProcessWithoutNullStreams): void {
    if (this.closeRequested || child.pid === undefined) return;
    const timer = setTimeout(() => {
      // exitCode/signalCode are set once the process has exited, before its exit is handled.
      if (child.exitCode !== null || child.signalCode !== null || this.closeRequested) return;
      if (child.pid === undefined) return;
      this.outputClosed = true;
      this.log('warning', `${this.label} closed its output but kept running; stopping it`);
      signalTree(child.pid, 'SIGTERM');
      void this.waitExit(this.params.termGraceMs ?? 2000).then((gone) => {
        if (!gone && child.pid !== undefined) signalTree(child.pid, 'SIGKILL');
      });
    }, OUTPUT_END_GRACE_MS);
    child.once('exit', () => clearTimeout(timer));
  }

  private waitExit(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.exited!.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private async afterExit(
    child: ChildProcessWithoutNullStreams,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): Promise<void> {
    // Let buffered stdout drain, but never wait on a grandchild that holds the pipe open.
    if (!child.stdout.readableEnded) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        child.stdout.once('end', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    // The leader is gone; whatever it left behind in its group goes too.
    if (child.pid !== undefined && process.platform !== 'win32') {
      signalTree(child.pid, 'SIGTERM');
      if (!(await waitTreeGone(child.pid, this.params.termGraceMs ?? 2000))) signalTree(child.pid, 'SIGKILL');
    }
    child.stdout.destroy();
    child.stderr.destroy();
    child.stdin.destroy();
    this.releaseWrap();
    const how = this.outputClosed
      ? 'closed its output while still running (stopped: it could no longer answer)'
      : signal
        ? `was killed by ${signal}`
        : `exited with code ${code}`;
    const reason = this.closeRequested ? `${this.label} shut down` : `${this.label} ${how}`;
    this.closed = {
      reason,
      requested: this.closeRequested,
      exitCode: code,
      signal,
      stderrTail: [...this.stderrTail],
    };
    this.log(this.closeRequested ? 'info' : 'error', reason);
    this.closeEmitter.fire(this.closed);
  }

  private releaseWrap(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  private onLine(line: string): void {
    const parsed = parseMessage(line);
    if (parsed.ok) this.messageEmitter.fire(parsed.value);
    else this.malformedEmitter.fire(parsed.malformed);
  }

  private captureStderr(child: ChildProcessWithoutNullStreams): void {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    const keep = this.params.stderrTailLines ?? 20;
    const emitLine = (line: string) => {
      const text = line.length > MAX_STDERR_LINE ? `${line.slice(0, MAX_STDERR_LINE)}${STDERR_CUT}` : line;
      this.stderrTail.push(text);
      if (this.stderrTail.length > keep) this.stderrTail.shift();
      this.logEmitter.fire({ level: 'info', source: 'stderr', text });
    };
    /** The rest of a line cut short is dropped up to its end: it would start with a secret's last part. */
    let skipping = false;
    child.stderr.on('data', (chunk: Buffer) => {
      let text = decoder.write(chunk);
      if (skipping) {
        const end = text.indexOf('\n');
        if (end < 0) return;
        skipping = false;
        text = text.slice(end + 1);
      }
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) emitLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      if (partial.length > MAX_STDERR_LINE) {
        emitLine(partial);
        partial = '';
        skipping = true;
      }
    });
    child.stderr.on('end', () => {
      const rest = partial + decoder.end();
      if (rest) emitLine(rest);
    });
    child.stderr.on('error', () => {});
  }
}
