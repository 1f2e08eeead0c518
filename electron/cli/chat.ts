import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import type { ChatEvent, ChatMessage } from '../../shared/chat/conversation';
import { conversationUsage, describeUsage } from '../../shared/chat/usage';
import type { ConsentRequest, ToolConsentRequest } from '../../shared/host/consent';
import { terminalText } from '../../shared/host/invisible';
import { switchboardHome } from '../host/config/configFile';
import { prepareChatHome } from '../host/headless/chatHome';
import { Host } from '../host/host';
import type { ServerSandbox } from '../host/sandbox/serverSandbox';
import type { CliArgs, CliServer } from './args';
import { confinedLine, denialLines } from './cliSandbox';
import type { CliIO } from './run';

/** How long the servers may take to start before the chat goes on without the slow ones. */
const START_WAIT_MS = 30_000;
/** Signals that end a run before its end: its data folder is removed before the process goes. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** What the chat reads from the terminal: a line (a message, or an answer to a consent), or nothing (no terminal). */
export interface ChatInput {
  /** Whether a person can answer (stdin is a terminal). */
  interactive: boolean;
  /** The next line; undefined at the end of input. */
  line(prompt: string): Promise<string | undefined>;
  close(): void;
}

export function terminalInput(): ChatInput {
  const interactive = Boolean(process.stdin.isTTY);
  let rl: Interface | undefined;
  // Lines arrive on their own time (piped input all at once): kept until asked for.
  const lines: string[] = [];
  let waiting: ((line: string | undefined) => void) | undefined;
  let ended = false;
  const open = () => {
    if (rl) return;
    rl = createInterface({ input: process.stdin, terminal: false });
    rl.on('line', (line) => {
      if (waiting) {
        const w = waiting;
        waiting = undefined;
        w(line);
      } else lines.push(line);
    });
    rl.on('close', () => {
      ended = true;
      waiting?.(undefined);
      waiting = undefined;
    });
  };
  return {
    interactive,
    line(prompt) {
      open();
      if (lines.length > 0) return Promise.resolve(lines.shift());
      if (ended) return Promise.resolve(undefined);
      if (interactive) process.stderr.write(prompt);
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    close: () => rl?.close(),
  };
}

/** Whether `--allow` patterns let `server`'s `tool` run without asking. */
export function allowedByPattern(patterns: readonly string[], server: string, tool: string): boolean {
  // Whole patterns compared, never split: a server name may hold a colon itself ("a:b"), and splitting
  // "a:b:c" at one colon would read it as another server's tool.
  const matching = new Set(['*', '*:*', `${server}:${tool}`, `${server}:*`, `*:${tool}`]);
  return patterns.some((p) => matching.has(p));
}

const serverConfig = (server: CliServer, personal: string): Record<string, unknown> =>
  server.kind === 'stdio'
    ? {
        command: server.command,
        args: server.args,
        env: server.env,
        // Run from where the command line was typed: its relative paths mean what they meant there.
        cwd: process.cwd(),
        ...(server.sandbox ? sandboxOf(server.sandbox, personal) : {}),
      }
    : {
        url: server.url,
        ...(server.transport === 'sse' ? { type: 'sse' } : {}),
        ...(Object.keys(server.headers).length > 0 ? { headers: server.headers } : {}),
      };

/**
 * --sandbox as config.json says it. The run's host keeps its data in a folder of its own, which it
 * hides; the person's own data folder is hidden by name, as the app hides it.
 */
const sandboxOf = (
  flags: NonNullable<Extract<CliServer, { kind: 'stdio' }>['sandbox']>,
  personal: string,
) => ({
  sandboxEnabled: true,
  sandbox: {
    filesystem: {
      denyRead: [personal],
      ...(flags.allowWrite.length > 0 ? { allowWrite: flags.allowWrite } : {}),
    },
    ...(flags.allowDomains.length > 0 ? { network: { allowedDomains: flags.allowDomains } } : {}),
  },
});

/** One tool call of the turn, as --json prints it. */
interface PrintedCall {
  id: string;
  server?: string;
  tool?: string;
  arguments: unknown;
  decision: string;
  reason?: string;
  result?: unknown;
}

/**
 * `chat`: the same host core as the app (servers, consent broker, chat service, providers), on a
 * folder of its own for this run — the given server (named `server`), or a copy of the servers the
 * person configured and confirmed — with the person's settings and keys, the flags applied on top.
 * Tool calls are allowed by `--allow` patterns, asked in the terminal, or denied when no one can
 * answer. Servers' sampling is not offered (nobody could review it); elicitations are declined.
 */
export async function runChat(args: CliArgs, io: CliIO, input: ChatInput): Promise<number> {
  const personal = switchboardHome();
  const home = await mkdtemp(path.join(tmpdir(), 'switchboard-chat-'));
  let host: Host | undefined;
  /** The sandboxes of the confined servers, whose denials are said once the servers are gone. */
  let confined: [string, ServerSandbox][] = [];
  // Ctrl-C, a closed terminal or a kill ends the run, not only its end: the folder holds the
  // conversation and the server's command line and env values, and goes with the run either way.
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of ENDING_SIGNALS) process.off(s, onSignal);
    void (async () => {
      await host?.shutdown().catch(() => {});
      await rm(home, { recursive: true, force: true }).catch(() => {});
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
    })();
  };
  for (const s of ENDING_SIGNALS) process.on(s, onSignal);
  try {
    const { providerId, secrets, keyHelp } = await prepareChatHome({
      personal,
      home,
      server: args.server ? serverConfig(args.server, personal) : undefined,
      choice: args.chat,
      env: process.env,
    });
    host = await Host.create({
      home,
      secrets,
      sampler: null,
      // Its own copy of the servers: nobody edits it.
      watchConfig: false,
      // No title is asked for: the conversation goes with this run's folder (a request for nothing).
      titles: false,
      // The chat's calls go into the person's activity record, beside the app's.
      activity: { dir: path.join(personal, 'activity'), source: 'cli' },
    });
    const h = host;
    const { provider, name } = await h.providers.get(providerId);
    if (!(await provider.hasKey())) throw new Error(`No API key for ${name}: ${keyHelp}.`);
    if (args.server) {
      const request = h.registry.pendingTrust('server');
      // The command was given on this command line: that is the person's confirmation.
      if (request) await h.registry.trust('server', request.identity);
    }
    await h.start();
    await waitForServers(h, io);
    confined = sandboxesOf(h, io);

    const calls = new Map<string, PrintedCall>();
    answerConsents(h, args.chat.allow, input, io);
    const conversation = await h.chat.create();
    const events: ChatEvent[] = [];
    /** Resolves the turn being waited for (its `finished` event). */
    let turnEnded: (() => void) | undefined;
    h.chat.onEvent((e) => {
      if (e.conversationId !== conversation.id) return;
      events.push(e);
      if (e.kind === 'finished') turnEnded?.();
      if (args.chat.json) return;
      if (e.kind === 'text') process.stdout.write(terminalText(e.text));
      else if (e.kind === 'notice') io.stderr(`note: ${e.text}`);
      else if (e.kind === 'error')
        io.stderr(
          `error: ${e.error.message}${e.error.kind === 'too-many-tools' ? ' (The headless chat offers every tool of its servers: give it fewer, e.g. one with --stdio or --url.)' : ''}`,
        );
      else if (
        e.kind === 'message' &&
        e.message.role === 'assistant' &&
        e.message.blocks.some((b) => b.type === 'text')
      )
        process.stdout.write('\n');
      else if (e.kind === 'message')
        for (const r of e.message.toolCalls ?? [])
          io.stderr(
            `[tool] ${r.server ?? '?'}:${r.tool ?? r.name} — ${r.decision}${r.reason ? ` (${r.reason})` : ''}`,
          );
    });
    let failed = false;
    const turn = async (text: string) => {
      const from = events.length;
      // Waited for from before the message is sent: the turn cannot end unseen.
      const ended = new Promise<void>((resolve) => {
        turnEnded = resolve;
      });
      await h.chat.send(conversation.id, text);
      await ended;
      if (events.slice(from).some((e) => e.kind === 'error')) failed = true;
    };
    const message = args.positional[0];
    if (message !== undefined) await turn(message);
    else
      for (;;) {
        const line = await input.line('you> ');
        if (line === undefined) break;
        if (line.trim()) await turn(line);
      }
    const saved = await h.chat.get(conversation.id);
    for (const m of saved.messages) collectCalls(m, calls);
    const usage = conversationUsage(saved.messages);
    const model = await h.providers.forConversation(saved.settings).catch(() => undefined);
    if (args.chat.json)
      io.stdout(
        JSON.stringify(
          {
            provider: providerId,
            model: model?.model,
            messages: saved.messages,
            toolCalls: [...calls.values()],
            usage: usage ?? null,
            ...(saved.lastError ? { error: saved.lastError } : {}),
          },
          null,
          2,
        ),
      );
    else if (usage) io.stderr(`[${describeUsage(usage)}]`);
    return failed ? 1 : 0;
  } finally {
    input.close();
    // Still listening while it shuts down: a Ctrl-C now also leaves no folder behind.
    await host?.shutdown();
    for (const [id, sandbox] of confined) for (const line of denialLines(sandbox.view(), id)) io.stderr(line);
    await rm(home, { recursive: true, force: true });
    for (const s of ENDING_SIGNALS) process.off(s, onSignal);
  }
}

/** The confined servers' sandboxes, each said with what it runs under. */
function sandboxesOf(h: Host, io: CliIO): [string, ServerSandbox][] {
  const found: [string, ServerSandbox][] = [];
  for (const view of h.registry.views()) {
    const sandbox = h.registry.session(view.id).sandbox;
    const line = sandbox && confinedLine(sandbox.view(), view.id);
    if (!sandbox || !line) continue;
    io.stderr(line);
    found.push([view.id, sandbox]);
  }
  return found;
}

/** Waits (bounded) for every enabled server to run or fail; says which did not and why. */
async function waitForServers(h: Host, io: CliIO): Promise<void> {
  const until = Date.now() + START_WAIT_MS;
  for (;;) {
    const views = h.registry.views();
    const pending = views.filter(
      (v) => !v.trustRequired && (v.state.status === 'starting' || v.state.status === 'restarting'),
    );
    if (pending.length === 0 || Date.now() > until) {
      for (const v of views) {
        if (v.trustRequired)
          io.stderr(`[servers] ${v.id}: not started — confirm what it runs in Switchboard first`);
        else if (v.state.status === 'error' || v.state.status === 'restarting')
          io.stderr(
            `[servers] ${v.id}: ${v.state.status === 'error' ? v.state.error.message : v.state.lastError.message}`,
          );
        else if (v.state.status === 'starting')
          io.stderr(`[servers] ${v.id}: still starting; going on without it`);
      }
      const running = views.filter((v) => v.state.status === 'running').map((v) => v.id);
      // Their lists, in hand before the first turn (the app's catalog fills them in as they come).
      await Promise.all(running.map((id) => h.catalog.refresh(id).catch(() => {})));
      io.stderr(`[servers] running: ${running.length > 0 ? running.join(', ') : 'none'}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Every consent the host asks, answered: a tool call by the --allow patterns, else by the person at
 * the terminal, else denied; sampling never reaches here (not offered); an elicitation is declined.
 */
function answerConsents(h: Host, allow: readonly string[], input: ChatInput, io: CliIO): void {
  const seen = new Set<string>();
  let asking = Promise.resolve();
  // The --allow patterns are this run's policy: a call they allow never waits for an answer.
  h.consent.allowBy((server, tool, argumentsJson) => {
    if (!allowedByPattern(allow, server.id, tool.name)) return false;
    io.stderr(`[consent] ${server.id}:${tool.name} ${argumentsJson} — allowed by --allow`);
    return true;
  });
  const handle = (request: ConsentRequest) => {
    if (request.kind === 'elicitation') {
      io.stderr(
        `[consent] ${request.server.id} asks for information; declined (not answered in the headless chat)`,
      );
      h.consent.answer(request.id, { kind: 'elicitation', result: { action: 'decline' } });
      return;
    }
    if (request.kind !== 'tool') return;
    const label = `${request.server.id}:${request.tool.name}`;
    if (!input.interactive) {
      io.stderr(
        `[consent] ${label} ${request.argumentsJson} — denied (no terminal to ask; allow it with --allow ${label})`,
      );
      h.consent.answer(request.id, { kind: 'tool', decision: 'deny' });
      return;
    }
    // One question at a time: parallel calls are asked in turn.
    asking = asking.then(() => ask(h, request, label, input, io));
  };
  h.consent.onChange((queue) => {
    for (const request of queue)
      if (!seen.has(request.id)) {
        seen.add(request.id);
        handle(request);
      }
  });
}

async function ask(h: Host, request: ToolConsentRequest, label: string, input: ChatInput, io: CliIO) {
  // Hints are the server's word, not a guarantee: a missing one is read as the spec's default.
  const a = request.tool.annotations;
  const note =
    a?.readOnlyHint === true
      ? ''
      : a?.destructiveHint === false
        ? '\n(the server does not say it only reads: it may change things)'
        : '\n(the server does not say it only reads: it may change or delete things)';
  io.stderr(`\n${label} wants to run with:\n${request.argumentsJson}${note}`);
  const answer = (await input.line('Allow this call? [y/N] '))?.trim().toLowerCase();
  const allowed = answer === 'y' || answer === 'yes';
  // The request may have ended meanwhile (Stop, the deadline): answering it then does nothing.
  if (h.consent.queue().some((c) => c.id === request.id))
    h.consent.answer(request.id, { kind: 'tool', decision: allowed ? 'allow-once' : 'deny' });
}

function collectCalls(m: ChatMessage, calls: Map<string, PrintedCall>): void {
  for (const b of m.blocks) {
    if (b.type === 'tool_use') calls.set(b.id, { id: b.id, arguments: b.input, decision: 'not answered' });
    if (b.type === 'tool_result') {
      const call = calls.get(b.toolUseId);
      if (call) call.result = b.result;
    }
  }
  for (const r of m.toolCalls ?? []) {
    const call = calls.get(r.toolUseId);
    if (!call) continue;
    Object.assign(call, {
      ...(r.server ? { server: r.server } : {}),
      ...(r.tool ? { tool: r.tool } : {}),
      decision: r.decision,
      ...(r.reason ? { reason: r.reason } : {}),
    });
  }
}
