import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, McpClient, McpError, StdioTransport } from '../../electron/mcp';
import {
  describeCatalog,
  type Expectation,
  type FuzzEra,
  type MutationInfo,
} from '../fixtures/fuzz/mutations.mjs';
import { processAlive } from '../fixtures/servers';

const FUZZ_SERVER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/fuzz/fuzz-server.mjs',
);

/** The command line of the fuzz server in one era with one mutation. */
export function fuzzArgs(era: FuzzEra, mutation: string, seed: number, name = 'fuzz'): string[] {
  return [FUZZ_SERVER, '--era', era, '--mutation', mutation, '--seed', String(seed), '--name', name];
}

export const catalog = (seed = 1): MutationInfo[] => describeCatalog(seed);

export interface OpOutcome {
  op: string;
  target: string;
  status: 'ok' | 'failed' | 'skipped' | 'unsettled';
  ms: number;
  code?: number;
  message?: string;
}

export interface CaseResult {
  mutation: string;
  era: FuzzEra;
  seed: number;
  expect: Expectation;
  outcomes: OpOutcome[];
  /** What the oracle found wrong; empty: the case passed. */
  violations: string[];
  /** Junk the client reported: malformed input from the transport, protocol warnings and errors. */
  junkLogged: number;
  ms: number;
}

interface Op {
  name: string;
  target: string;
  run(client: McpClient): Promise<unknown>;
}

/** The fixed operations every case runs, in this order, after connecting. */
const OPS: Op[] = [
  { name: 'listTools', target: 'tools/list', run: (c) => c.listTools() },
  { name: 'callTool echo', target: 'tools/call:echo', run: (c) => c.callTool('echo', { message: 'hi' }) },
  { name: 'callTool weather', target: 'tools/call:weather', run: (c) => c.callTool('weather', {}) },
  { name: 'callTool ask', target: 'tools/call:ask', run: (c) => c.callTool('ask', {}) },
  { name: 'listResources', target: 'resources/list', run: (c) => c.listResources() },
  { name: 'readResource', target: 'resources/read', run: (c) => c.readResource('fuzz://note') },
  { name: 'listPrompts', target: 'prompts/list', run: (c) => c.listPrompts() },
  { name: 'getPrompt', target: 'prompts/get', run: (c) => c.getPrompt('greet', { who: 'fuzz' }) },
  { name: 'ping', target: 'ping', run: (c) => c.ping() },
];

// ---- what the process saw --------------------------------------------------------------------------

/** Uncaught exceptions and unhandled rejections, from the moment `watchProcess` was first called. */
const processErrors: string[] = [];
let watching = false;
export function watchProcess(): { count(): number; since(n: number): string[] } {
  if (!watching) {
    watching = true;
    process.on('uncaughtException', (error) => processErrors.push(`uncaught exception: ${describe(error)}`));
    process.on('unhandledRejection', (reason) =>
      processErrors.push(`unhandled rejection: ${describe(reason)}`),
    );
  }
  return { count: () => processErrors.length, since: (n) => processErrors.slice(n) };
}
const describe = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, 300);

// ---- the oracle ------------------------------------------------------------------------------------

const STACK = /Maximum call stack/i;
const TIMEOUT = /timed out/i;
const LISTS = new Set(['tools/list', 'resources/list', 'prompts/list']);

/** A failure that names what was wrong, at once: an McpError, no timeout, no stack overflow. */
function namedProblem(o: OpOutcome, timeoutMs: number, listing = false): string | undefined {
  if (o.status !== 'failed') return `${o.op} ${o.status}, expected a named error`;
  if (o.code === undefined) return `${o.op} failed with something other than an McpError: ${o.message}`;
  if (o.code === ErrorCode.RequestTimeout || TIMEOUT.test(o.message ?? ''))
    return `${o.op} timed out instead of failing with a named error: ${o.message}`;
  // A listing is many requests (pages): only a single request must fail within one request's time.
  if (o.ms >= timeoutMs && !LISTS.has(o.target) && !listing)
    return `${o.op} took ${o.ms} ms to fail (not at once): ${o.message}`;
  return undefined;
}

/**
 * Judges one case's outcomes against what the mutation says a correct client must do (see MUST in
 * mutations.mjs). Exported for the host cases and the long run, which judge the same way.
 */
export function judge(
  mutation: MutationInfo,
  era: FuzzEra,
  outcomes: OpOutcome[],
  { timeoutMs, junkLogged }: { timeoutMs: number; junkLogged: number },
): string[] {
  const expect = mutation.expect[era];
  const violations: string[] = [];
  const affected = (o: OpOutcome) => mutation.affects.includes(o.target);
  // A tool call lists the tools first when it has no list: a broken listing reaches it too.
  const dependent = (o: OpOutcome) =>
    !affected(o) && o.target.startsWith('tools/call') && mutation.affects.includes('tools/list');
  const firstAffected = outcomes.findIndex(affected);
  const succeeded = (o: OpOutcome) =>
    o.status === 'ok' ? undefined : `${o.op} should have succeeded: ${o.message}`;
  const okOrNamed = (o: OpOutcome) =>
    o.status === 'ok' ? undefined : namedProblem(o, timeoutMs, dependent(o));
  /** What is wrong with one operation's outcome, if anything. */
  const verdict = (o: OpOutcome, i: number): string | undefined => {
    if (o.status === 'unsettled') return `${o.op} never settled`;
    if (o.status === 'failed' && o.code === undefined)
      return `${o.op} failed with something other than an McpError: ${o.message}`;
    if (o.status === 'skipped') return undefined;
    switch (expect) {
      case 'ok':
        return succeeded(o);
      case 'named':
        if (affected(o))
          return o.status === 'ok'
            ? `${o.op} succeeded: the bad answer was accepted`
            : namedProblem(o, timeoutMs);
        return dependent(o) ? okOrNamed(o) : succeeded(o);
      case 'capped':
        return affected(o) || dependent(o) ? okOrNamed(o) : succeeded(o);
      case 'unattributable':
        // May time out, but must settle as an McpError (checked above) or succeed; a timeout says
        // what the server sent meanwhile that was refused, so the real reason is not lost.
        if (!(affected(o) || dependent(o))) return succeeded(o);
        return o.status !== 'ok' && /timed out/.test(o.message ?? '') && !/refused/.test(o.message ?? '')
          ? `${o.op} timed out without saying what was refused meanwhile: ${o.message}`
          : undefined;
      case 'exit':
        if (firstAffected === -1 || i < firstAffected) return succeeded(o);
        if (o.status === 'ok') return `${o.op} succeeded after the server was gone`;
        if (o.code !== ErrorCode.ConnectionClosed)
          return `${o.op} did not fail as a closed connection: ${o.message}`;
        return o.ms >= timeoutMs ? `${o.op} took ${o.ms} ms to learn the server was gone` : undefined;
    }
  };
  for (const [i, o] of outcomes.entries()) {
    if (STACK.test(o.message ?? '')) violations.push(`${o.op} hit a stack overflow: ${o.message}`);
    const wrong = verdict(o, i);
    if (wrong) violations.push(wrong);
  }
  // The junk is sent when what it targets is asked (the opening exchange always is; a host never
  // pings a local server, so a ping's junk may never be sent there).
  const asked = mutation.affects.includes('handshake') || outcomes.some((o) => affected(o) || dependent(o));
  if (expect === 'unattributable' && asked && junkLogged === 0)
    violations.push('the junk was not logged (no malformed input, no protocol warning)');
  return violations;
}

// ---- one case --------------------------------------------------------------------------------------

export interface LibraryCaseOptions {
  mutation: MutationInfo;
  era: FuzzEra;
  seed: number;
  /** Each request's timeout: short, so unattributable cases stay fast. */
  requestTimeoutMs?: number;
  /** The whole case, past which an operation counts as never settled. */
  deadlineMs?: number;
}

/**
 * Connects McpClient (protocol auto) to the fuzz server with one mutation, runs the fixed operations
 * one after another, closes, and judges: every operation settled as the mutation requires, nothing
 * escaped as an uncaught exception or unhandled rejection, Object.prototype untouched, no process left.
 */
export async function runLibraryCase(options: LibraryCaseOptions): Promise<CaseResult> {
  const { mutation, era, seed } = options;
  // A case that can only end in a timeout waits a short one; every other case fails at once or not
  // at all, so its requests get room for a 10 MiB message on a loaded two-core machine (a short
  // timeout there would fail a correct client; a wrong one still shows: it fails by timing out).
  const slow = mutation.expect[era] !== 'unattributable';
  const timeoutMs = options.requestTimeoutMs ?? (slow ? 20_000 : 3000);
  const deadline = Date.now() + (options.deadlineMs ?? (slow ? 120_000 : 30_000));
  const started = Date.now();
  const watch = watchProcess();
  const errorsBefore = watch.count();
  const outcomes: OpOutcome[] = [];
  let junkLogged = 0;

  const transport = new StdioTransport({
    command: process.execPath,
    args: fuzzArgs(era, mutation.name, seed),
    label: `fuzz:${mutation.name}`,
    stdinGraceMs: 500,
    termGraceMs: 500,
  });
  transport.onMalformed(() => junkLogged++);
  /** Runs one operation, timing it, within what is left of the case's deadline. */
  const attempt = async (op: string, target: string, run: () => Promise<unknown>): Promise<OpOutcome> => {
    const t0 = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, deadline - t0));
    });
    try {
      const result = await Promise.race([run(), late]);
      if (result === 'late') return { op, target, status: 'unsettled', ms: Date.now() - t0 };
      return { op, target, status: 'ok', ms: Date.now() - t0 };
    } catch (error) {
      return {
        op,
        target,
        status: 'failed',
        ms: Date.now() - t0,
        ...(error instanceof McpError ? { code: error.code } : {}),
        message: describe(error),
      };
    } finally {
      clearTimeout(timer);
    }
  };

  let client: McpClient | undefined;
  const connect = await attempt('connect', 'handshake', async () => {
    client = await McpClient.connect({
      transport,
      serverName: `fuzz:${mutation.name}`,
      protocol: 'auto',
      requestTimeoutMs: timeoutMs,
      handlers: {
        elicitation: {
          form: async () => ({ action: 'accept', content: { name: 'fuzz' } }),
          url: async () => ({ action: 'decline' }),
        },
        sampling: {
          createMessage: async () => ({
            role: 'assistant',
            content: { type: 'text', text: 'ok' },
            model: 'fuzz-model',
          }),
        },
        roots: { list: () => [] },
      },
    });
  });
  outcomes.push(connect);
  const pid = transport.pid;
  for (const op of OPS) {
    const c = client;
    if (!c || outcomes.at(-1)?.status === 'unsettled') {
      outcomes.push({ op: op.name, target: op.target, status: 'skipped', ms: 0 });
      continue;
    }
    if (outcomes.length === 2) c.onProtocolLog((e) => e.level !== 'debug' && junkLogged++);
    outcomes.push(await attempt(op.name, op.target, () => op.run(c)));
  }
  if (client) await client.close().catch(() => {});
  else await transport.close().catch(() => {});

  const violations = judge(mutation, era, outcomes, { timeoutMs, junkLogged });
  if (pid !== undefined && !(await gone(pid)))
    violations.push(`the server process ${pid} is still running after close`);
  for (const e of watch.since(errorsBefore)) violations.push(e);
  if ((Object.prototype as Record<string, unknown>).polluted !== undefined)
    violations.push('Object.prototype was polluted');
  return {
    mutation: mutation.name,
    era,
    seed,
    expect: mutation.expect[era],
    outcomes,
    violations,
    junkLogged,
    ms: Date.now() - started,
  };
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if (!(await processAlive(pid))) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** One line per operation, for a failing case's message. */
export function explain(result: CaseResult): string {
  const ops = result.outcomes
    .map((o) => `  ${o.op}: ${o.status} ${o.ms} ms${o.message ? ` — ${o.message.split('\n')[0]}` : ''}`)
    .join('\n');
  return `${result.mutation} (${result.era}, seed ${result.seed}, expect ${result.expect}):\n${result.violations.map((v) => `  ✗ ${v}`).join('\n')}\n${ops}`;
}
