import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Host } from '../../electron/host/host';
import type { HostService } from '../../electron/host/hostService';
import { McpError } from '../../electron/mcp';
import { LogFlow } from '../../electron/web/logFlow';
import type { ConsentAnswer, ConsentRequest } from '../../shared/host/consent';
import type { ServerView } from '../../shared/host/serverView';
import type { FuzzEra, MutationInfo } from '../fixtures/fuzz/mutations.mjs';
import { EVERYTHING_ENTRY, lastPid, processAlive } from '../fixtures/servers';
import { trustServerAsShown } from '../fixtures/trust';
import { type CaseResult, fuzzArgs, judge, type OpOutcome, watchProcess } from './libraryCase';

/**
 * Consents one server may keep waiting at once. A person answers dialogs one by one; a server that
 * asks for a thousand must be refused past a small number, not shown a thousand (issue 35).
 */
const MAX_PENDING_PER_SERVER = 20;
/** Each fuzzed server's request timeout in the host (its config's requestTimeoutMs). */
const HOST_REQUEST_TIMEOUT_MS = 3000;
const LISTS = ['tools/list', 'resources/list', 'prompts/list', 'handshake'];

export interface HostCaseSpec {
  /** The server's name in the host's config. */
  id: string;
  mutation: MutationInfo;
  era: FuzzEra;
  seed: number;
}

/**
 * A real Host on a temporary data directory, as the browser shell runs it: its HostService subscribed,
 * every event serialised as the shell's socket does (LogFlow, then JSON.stringify), consents answered
 * as a person would (tools allowed once; a server's first elicitation accepted, the rest declined;
 * sampling refused), server-everything trusted and running beside the fuzzed servers, which are in the
 * config from the start and trusted one case at a time.
 */
export interface HostRig {
  host: Host;
  service: HostService;
  /** Events that could not be serialised for the page, each with why. */
  serializationErrors: string[];
  /** The most consents each server had waiting at once. */
  pendingMax: Map<string, number>;
  close(): Promise<void>;
}

export async function startHostRig(cases: HostCaseSpec[]): Promise<HostRig> {
  const home = await mkdtemp(path.join(tmpdir(), 'sb-fuzz-host-'));
  const servers: Record<string, unknown> = {
    everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
  };
  for (const c of cases)
    servers[c.id] = {
      command: process.execPath,
      args: fuzzArgs(c.era, c.mutation.name, c.seed, c.id),
      requestTimeoutMs: HOST_REQUEST_TIMEOUT_MS,
    };
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
  const host = await Host.create({
    home,
    restart: { baseDelayMs: 300 },
    consentTimeoutMs: 20_000,
    sampler: async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'fake' }),
  });
  const service = host.serve({ browseDirectories: true });
  const serializationErrors: string[] = [];
  const pendingMax = new Map<string, number>();
  // The browser shell's socket: LogFlow for backpressure, then JSON.stringify of every event.
  const flow = new LogFlow({
    bufferedAmount: 0,
    send: (event) => {
      try {
        JSON.stringify(event);
      } catch (error) {
        serializationErrors.push(`${event.event}: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
  });
  const answered = new Set<string>();
  const elicited = new Map<string, number>();
  const answer = (request: ConsentRequest): ConsentAnswer => {
    switch (request.kind) {
      case 'tool':
        return { kind: 'tool', decision: 'allow-once' };
      case 'elicitation': {
        const n = elicited.get(request.server.id) ?? 0;
        elicited.set(request.server.id, n + 1);
        return n === 0
          ? { kind: 'elicitation', result: { action: 'accept', content: { name: 'fuzz' } } }
          : { kind: 'elicitation', result: { action: 'decline' } };
      }
      case 'sampling':
        return { kind: 'sampling', approve: false };
      case 'sampling-result':
        return { kind: 'sampling-result', approve: false };
    }
  };
  const unsubscribe = service.subscribe((event) => {
    if (event.event === 'consentsChanged') {
      const per = new Map<string, number>();
      for (const request of event.payload) per.set(request.server.id, (per.get(request.server.id) ?? 0) + 1);
      for (const [server, n] of per) pendingMax.set(server, Math.max(n, pendingMax.get(server) ?? 0));
      for (const request of event.payload) {
        if (answered.has(request.id)) continue;
        answered.add(request.id);
        // As a person would, after the dialog has been shown, not inside the event. (Answered even when
        // the event below cannot be serialised, where a real page would never see the dialog: so one
        // case's unshowable consent does not hold up the next case's.)
        setImmediate(() => void service.answerConsent(request.id, answer(request)).catch(() => {}));
      }
    }
    flow.send(event);
  });
  await trustServerAsShown(service, 'everything');
  await until('server-everything lists its tools', 30_000, async () =>
    (await service.getCatalog()).tools.some((t) => t.server === 'everything' && t.tool === 'echo'),
  );
  return {
    host,
    service,
    serializationErrors,
    pendingMax,
    close: async () => {
      unsubscribe();
      flow.dispose();
      await host.shutdown();
      await rm(home, { recursive: true, force: true });
    },
  };
}

async function until(what: string, ms: number, probe: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What the server's card says went wrong: its error, why it restarts or stopped, its problems. */
function cardProblem(view: ServerView | undefined): string | undefined {
  if (!view) return 'the server is gone from the list';
  const state = view.state;
  switch (state.status) {
    case 'error':
      return state.error.message;
    case 'restarting':
      return state.lastError.message;
    case 'starting':
      return state.lastError?.message;
    case 'stopped':
      return state.reason;
    case 'running': {
      // The host names what a running server sent that it could not use on its card (issue 35).
      const problems = (state as { problems?: { message?: unknown }[] }).problems ?? [];
      const said = problems.map((p) => (typeof p.message === 'string' ? p.message : '')).filter(Boolean);
      return said.length > 0 ? said.join('; ') : undefined;
    }
    default:
      return undefined;
  }
}

const viewOf = async (service: HostService, id: string) =>
  (await service.listServers()).find((v) => v.id === id);

/**
 * One mutation in the host: the fuzzed server trusted (so started), its lists refreshed, its tools run
 * by hand through HostService (consents answered), its resource read and prompt got, then
 * server-everything asked to run a tool, and the fuzzed server stopped. Judged like a library case on
 * what the person sees (the run's outcome, the error thrown to the page), plus: nothing escaped as an
 * unhandled error, every event could be serialised for the page, server-everything still answers, the
 * card names what went wrong where a listing or the start failed, pending consents stayed bounded,
 * and the server's process is gone after Stop.
 */
export async function runHostCase(rig: HostRig, spec: HostCaseSpec): Promise<CaseResult> {
  const { service, host } = rig;
  const { id, mutation, era, seed } = spec;
  const expect = mutation.expect[era];
  const started = Date.now();
  const watch = watchProcess();
  const errorsBefore = watch.count();
  const serializedBefore = rig.serializationErrors.length;
  const violations: string[] = [];
  const deadline = started + 40_000;

  const attempt = async (op: string, target: string, run: () => Promise<unknown>): Promise<OpOutcome> => {
    const t0 = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => {
      timer = setTimeout(() => r('late'), Math.max(1000, deadline - t0));
    });
    try {
      const done = await Promise.race([run(), late]);
      return { op, target, status: done === 'late' ? 'unsettled' : 'ok', ms: Date.now() - t0 };
    } catch (error) {
      const code = error instanceof McpError ? error.code : (error as { code?: unknown }).code;
      return {
        op,
        target,
        status: 'failed',
        ms: Date.now() - t0,
        ...(typeof code === 'number' ? { code } : {}),
        message: error instanceof Error ? error.message.slice(0, 300) : String(error),
      };
    } finally {
      clearTimeout(timer);
    }
  };
  /** A tool run by hand, as the runner dialog does: a failure is thrown with its code. */
  const runTool = async (tool: string) => {
    const entry = (await service.getCatalog()).tools.find((t) => t.server === id && t.tool === tool);
    if (!entry) return undefined;
    return async () => {
      const outcome = await service.runTool(
        randomUUID(),
        entry.name,
        tool === 'echo' ? { message: 'hi' } : {},
      );
      if (outcome.status === 'done') return;
      const message = outcome.status === 'failed' ? outcome.error : `refused: ${outcome.reason}`;
      throw Object.assign(new Error(message), outcome.status === 'failed' ? { code: outcome.code } : {});
    };
  };

  const trusted = Date.now();
  await trustServerAsShown(service, id);
  // Started: running, or failed and saying so (a start that never ends is judged below).
  await until(`${id} has started or failed`, 20_000, async () => {
    const status = (await viewOf(service, id))?.state.status;
    return status !== undefined && status !== 'starting' && status !== 'stopped';
  }).catch(() => {});
  const startedAs = (await viewOf(service, id))?.state.status;
  const startMs = Date.now() - trusted;

  const outcomes: OpOutcome[] = [];
  if (startedAs === 'running') {
    const refresh = await attempt('refresh lists', 'refresh', () => service.refreshServerLists(id));
    if (refresh.status === 'unsettled') violations.push('Refresh never settled');
    const ops: [string, string, () => Promise<(() => Promise<unknown>) | undefined>][] = [
      ['runTool echo', 'tools/call:echo', () => runTool('echo')],
      ['runTool weather', 'tools/call:weather', () => runTool('weather')],
      ['runTool ask', 'tools/call:ask', () => runTool('ask')],
      ['readResource', 'resources/read', async () => () => service.readResource(id, 'fuzz://note')],
      ['getPrompt', 'prompts/get', async () => () => service.getPrompt(id, 'greet', { who: 'fuzz' })],
    ];
    for (const [op, target, make] of ops) {
      // A server that is gone is restarted by the host: what comes after its exit is not judged.
      const exited = expect === 'exit' && outcomes.some((o) => mutation.affects.includes(o.target));
      const run = exited ? undefined : await make();
      if (!run) {
        outcomes.push({
          op,
          target,
          status: 'skipped',
          ms: 0,
          message: exited ? 'after the exit' : 'not listed',
        });
        if (!exited && expect === 'ok') violations.push(`${op}: its tool is not in the catalog`);
        continue;
      }
      outcomes.push(await attempt(op, target, run));
    }
  }
  const logged = host.logs
    .entries(id)
    .filter((e) => e.source === 'protocol' && (e.level === 'warning' || e.level === 'error')).length;
  violations.push(
    ...judge(mutation, era, outcomes, { timeoutMs: HOST_REQUEST_TIMEOUT_MS, junkLogged: logged }),
  );

  // The card: a failed listing or start is said on it, in words that are not a timeout.
  const view = await viewOf(service, id);
  const problem = cardProblem(view);
  if (expect === 'named' && mutation.affects.some((t) => LISTS.includes(t))) {
    if (!problem)
      violations.push(
        `the card does not say what went wrong (${view?.state.status ?? 'no view'}, nothing named)`,
      );
    // The host words an initialize timeout as "No answer to initialize within …": a timeout still.
    else if (/timed out|no answer/i.test(problem))
      violations.push(`the card says only that it timed out: ${problem}`);
    else if (mutation.affects.includes('handshake') && startMs >= HOST_REQUEST_TIMEOUT_MS)
      violations.push(`the start took ${startMs} ms to fail (not at once): ${problem}`);
  }
  if (expect !== 'named' && expect !== 'exit' && startedAs !== 'running')
    violations.push(`the server did not run: ${cardProblem(view) ?? startedAs}`);

  const pending = rig.pendingMax.get(id) ?? 0;
  if (pending > MAX_PENDING_PER_SERVER)
    violations.push(`${pending} consents waited at once for this server (at most ${MAX_PENDING_PER_SERVER})`);

  // server-everything, beside it, still answers.
  const everything = (await service.getCatalog()).tools.find(
    (t) => t.server === 'everything' && t.tool === 'echo',
  );
  const beside = everything
    ? await attempt('everything echo', 'everything', async () => {
        const outcome = await service.runTool(randomUUID(), everything.name, { message: 'still there?' });
        if (outcome.status !== 'done') throw new Error(JSON.stringify(outcome));
      })
    : undefined;
  if (beside?.status !== 'ok')
    violations.push(`server-everything did not answer: ${beside?.message ?? 'not listed'}`);

  let pid: number | undefined;
  try {
    pid = lastPid(host.logs, id);
  } catch {}
  await service.stopServer(id).catch(() => {});
  if (pid !== undefined) {
    const end = Date.now() + 3000;
    while ((await processAlive(pid)) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    if (await processAlive(pid)) violations.push(`the server process ${pid} is still running after Stop`);
  }
  for (const e of rig.serializationErrors.slice(serializedBefore))
    violations.push(`an event could not be serialised for the page: ${e}`);
  for (const e of watch.since(errorsBefore)) violations.push(e);
  return {
    mutation: mutation.name,
    era,
    seed,
    expect,
    outcomes,
    violations,
    junkLogged: logged,
    ms: Date.now() - started,
  };
}
