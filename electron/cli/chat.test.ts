import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../../e2e/fixtures/anthropic/fakeAnthropic';
import { type FakeOpenAI, startFakeOpenAI } from '../../e2e/fixtures/openai/fakeOpenAI';
import { EVERYTHING_ENTRY } from '../../e2e/fixtures/servers';
import { parseConfig } from '../host/config/serverConfig';
import { serverIdentity } from '../host/config/serverIdentity';
import { parseArgs } from './args';
import { allowedByPattern, type ChatInput, runChat } from './chat';

const EVERYTHING = `"${process.execPath}" "${EVERYTHING_ENTRY}" stdio`;
const OPENAI_KEY = 'sk-cli-chat-openai-6d0e';
const ANTHROPIC_KEY = 'sk-ant-cli-chat-91aa';

let openai: FakeOpenAI;
let anthropic: FakeAnthropic;
let home: string;
beforeAll(async () => {
  openai = await startFakeOpenAI({ apiKey: OPENAI_KEY });
  anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
});
afterAll(async () => {
  await openai.stop();
  await anthropic.stop();
});
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-cli-chat-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** The real CLI from its source, its own data folder, only the environment given (no inherited keys). */
function chat(argv: string[], env: Record<string, string> = {}, stdin = '') {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'main.ts'), ...argv],
      {
        env: { PATH: process.env.PATH ?? '', HOME: home, SWITCHBOARD_HOME: home, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

/** The flags that point a run at the fake OpenAI-compatible API, its key in OPENAI_API_KEY. */
const viaOpenAI = (model = 'gpt-5.5') => [
  '--provider',
  'openai',
  '--base-url',
  openai.url,
  '--api-key-env',
  'OPENAI_API_KEY',
  '--model',
  model,
];

describe('mcp chat (real process, server-everything, both fake model APIs)', () => {
  it('OpenAI-compatible: --allow lets one call run, the other is denied with no terminal; --json prints the whole turn', async () => {
    openai.script(
      {
        content: 'Checking.',
        toolCalls: [
          { id: 'c1', name: 'server__echo', arguments: { message: 'hi cli' } },
          { id: 'c2', name: 'server__get-sum', arguments: { a: 1, b: 2 } },
        ],
      },
      { content: 'Echo said hi cli; the sum was not allowed.', usage: { prompt: 50, completion: 12 } },
    );
    const before = openai.requests.length;
    const r = await chat(
      [
        '--stdio',
        EVERYTHING,
        ...viaOpenAI('gpt-5.5-mini'),
        '--allow',
        'server:echo',
        '--json',
        'chat',
        'Use the tools',
      ],
      { OPENAI_API_KEY: OPENAI_KEY },
    );
    expect(r.stderr).toContain('[consent] server:echo {"message":"hi cli"} — allowed by --allow');
    expect(r.stderr).toContain(
      '[consent] server:get-sum {"a":1,"b":2} — denied (no terminal to ask; allow it with --allow server:get-sum)',
    );
    expect(r.code).toBe(0);
    const turn = JSON.parse(r.stdout);
    expect(turn).toMatchObject({
      provider: 'cli-openai',
      model: 'gpt-5.5-mini',
      usage: { inputTokens: 62, outputTokens: 19 },
    });
    expect(turn.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(turn.toolCalls).toEqual([
      {
        id: 'c1',
        server: 'server',
        tool: 'echo',
        arguments: { message: 'hi cli' },
        decision: 'allowed',
        result: { content: [{ type: 'text', text: 'Echo: hi cli' }] },
      },
      expect.objectContaining({
        id: 'c2',
        server: 'server',
        tool: 'get-sum',
        arguments: { a: 1, b: 2 },
        decision: 'refused',
        reason: 'The user denied this tool call.',
      }),
    ]);
    const sent = openai.requests.slice(before).filter((q) => q.path === '/v1/chat/completions');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(sent[0]!.body!.model).toBe('gpt-5.5-mini');
    // Both calls are in the person's activity record (not the chat's own folder), said as the CLI's.
    const record = await chat(['activity', '--kind', 'tool-call', '--json']);
    expect(record.stderr).toMatch(/activity record: \d+ entries, the chain holds/);
    expect(record.code).toBe(0);
    // The two calls run side by side: recorded in the order they ended.
    const calls = JSON.parse(record.stdout).sort((a: { tool: string }, b: { tool: string }) =>
      a.tool < b.tool ? -1 : 1,
    );
    expect(calls).toEqual([
      expect.objectContaining({
        source: 'cli',
        tool: 'echo',
        arguments: { message: 'hi cli' },
        // Allowed by the --allow pattern: a rule, not a person's answer.
        decision: 'policy',
        outcome: 'ok',
      }),
      expect.objectContaining({
        kind: 'tool-call',
        source: 'cli',
        server: 'server',
        tool: 'get-sum',
        decision: 'denied',
        outcome: 'refused',
      }),
    ]);
  });

  it('Anthropic: --allow "*" explicitly, the answer streamed to stdout, tool outcomes and usage to stderr', async () => {
    anthropic.script(
      {
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'server__echo', input: { message: 'from claude' } },
        ],
      },
      { content: [{ type: 'text', text: 'Echo said: from claude.' }] },
    );
    const titles = anthropic.titleRequests.length;
    const r = await chat(
      [
        '--stdio',
        EVERYTHING,
        '--provider',
        'anthropic',
        '--base-url',
        anthropic.url,
        '--api-key-env',
        'ANTHROPIC_API_KEY',
        '--model',
        'claude-haiku-5-5',
        '--allow',
        '*',
        'chat',
        'Echo please',
      ],
      { ANTHROPIC_API_KEY: ANTHROPIC_KEY },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Echo said: from claude.\n');
    expect(r.stderr).toContain('[tool] server:echo — allowed');
    expect(r.stderr).toContain('[20 tokens in · 40 out]');
    expect(anthropic.requests.at(-1)!.body).toMatchObject({ model: 'claude-haiku-5-5' });
    expect(JSON.stringify(anthropic.requests.at(-1)!.body!.messages)).toContain('Echo: from claude');
    // No title is asked for: the conversation goes with the run's folder.
    expect(anthropic.titleRequests.length).toBe(titles);
  });

  it('without a message: a conversation from standard input until it ends; the history goes with each turn', async () => {
    openai.script({ content: 'First answer.' }, { content: 'Second answer.' });
    const before = openai.requests.length;
    const titles = openai.titleRequests.length;
    const r = await chat(
      ['--stdio', EVERYTHING, ...viaOpenAI(), 'chat'],
      { OPENAI_API_KEY: OPENAI_KEY },
      'one\ntwo\n',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('First answer.\nSecond answer.\n');
    const second = openai.requests.slice(before).filter((q) => q.path === '/v1/chat/completions')[1]!;
    expect(second.body!.messages).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'two' },
    ]);
    expect(openai.titleRequests.length).toBe(titles);
  });

  it('the configured servers: only those the person confirmed start (the others named); the key from Switchboard’s store', async () => {
    const servers = {
      confirmed: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
      unconfirmed: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio', '--other'] },
    };
    await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
    const confirmed = parseConfig({ mcpServers: servers })
      .servers.filter((s) => s.name === 'confirmed')
      .map(serverIdentity);
    await writeFile(path.join(home, 'trusted-servers.json'), JSON.stringify(confirmed));
    await writeFile(
      path.join(home, 'settings.json'),
      JSON.stringify({
        openai: [{ id: 'gw', name: 'Gateway', baseUrl: openai.url, defaultModel: 'gpt-5.5' }],
        defaultProvider: 'gw',
      }),
    );
    await writeFile(
      path.join(home, 'secrets.json'),
      JSON.stringify({ [`openai/gw/api-key@${new URL(openai.url).origin}`]: OPENAI_KEY }),
      { mode: 0o600 },
    );
    openai.script({ content: 'Hello from the gateway.' });
    const before = openai.requests.length;
    const r = await chat(['--json', 'chat', 'hi']);
    expect(r.stderr).toContain(
      '[servers] unconfirmed: not started — confirm what it runs in Switchboard first',
    );
    expect(r.stderr).toContain('[servers] running: confirmed');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ provider: 'gw', model: 'gpt-5.5' });
    const sent = openai.requests.slice(before).find((q) => q.path === '/v1/chat/completions')!;
    expect(sent.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(
      (sent.body!.tools as { function: { name: string } }[]).some(
        (t) => t.function.name === 'confirmed__echo',
      ),
    ).toBe(true);
    expect(JSON.stringify(sent.body)).not.toContain('unconfirmed__');
  });

  it('a vendor’s key variable goes only to its vendor: another address needs --api-key-env (found by a review)', async () => {
    const before = openai.requests.length;
    const r = await chat(
      ['--stdio', EVERYTHING, '--provider', 'openai', '--base-url', openai.url, 'chat', 'hi'],
      { OPENAI_API_KEY: OPENAI_KEY },
    );
    // The fake listens on this computer, where a server is asked without a key: it is asked so, and
    // refuses; the key in OPENAI_API_KEY never went there.
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('could not list its models (The API key was refused (401)');
    expect(openai.requests.length).toBeGreaterThan(before);
    expect(JSON.stringify(openai.requests.slice(before))).not.toContain(OPENAI_KEY);
    const missing = await chat([
      '--stdio',
      EVERYTHING,
      '--base-url',
      openai.url,
      '--api-key-env',
      'NOPE_KEY',
      'chat',
      'hi',
    ]);
    expect(missing.stderr).toContain('The environment variable NOPE_KEY is not set');
  });

  it('a settings.json someone else wrote cannot send ANTHROPIC_API_KEY to its address (threat model §2: the stored key is bound to its origin; found by an attack review)', async () => {
    // The file moves Anthropic's base URL to an address of the writer's (here the fake, on this
    // computer, which takes the key); the person then runs a chat with their key in the environment.
    await writeFile(
      path.join(home, 'settings.json'),
      JSON.stringify({ anthropic: { baseUrl: anthropic.url } }),
    );
    anthropic.script({ content: [{ type: 'text', text: 'Thanks for the key.' }] });
    const before = anthropic.requests.length;
    const r = await chat(['--stdio', EVERYTHING, 'chat', 'hi'], { ANTHROPIC_API_KEY: ANTHROPIC_KEY });
    // The app's stored key finds no key at an address nobody entered it for; the variable must not either.
    expect(JSON.stringify(anthropic.requests.slice(before))).not.toContain(ANTHROPIC_KEY);
    expect(r.stderr).toContain('--api-key-env');
  });

  it('Ctrl-C or SIGTERM mid-reply leaves no data folder behind (conversation, --env values; found by an attack review)', async () => {
    const tmp = path.join(home, 'tmp');
    await mkdir(tmp);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // A reply that takes its time: the person presses Ctrl-C while it streams.
      openai.script({ content: 'x'.repeat(400), chunkDelayMs: 100 });
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(__dirname, 'main.ts'),
          '--stdio',
          EVERYTHING,
          '--env',
          'SERVICE_TOKEN=tok-left-behind-77c1',
          ...viaOpenAI(),
          'chat',
          'a private question',
        ],
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            SWITCHBOARD_HOME: home,
            TMPDIR: tmp,
            OPENAI_API_KEY: OPENAI_KEY,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (d) => {
        out += String(d);
      });
      await expect.poll(() => out.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
      // Whatever the run wrote (settings, the server's command and env, the conversation) goes with it.
      const left = (await readdir(tmp)).filter((f) => f.startsWith('switchboard-chat-'));
      const kept = left.length > 0 ? await readFile(path.join(tmp, left[0]!, 'config.json'), 'utf8') : '';
      expect({ signal, left, kept }).toEqual({ signal, left: [], kept: '' });
    }
  }, 90_000);

  it('no key is said before anything is sent; flags out of place are usage errors (exit 2)', async () => {
    const before = openai.requests.length;
    const r = await chat([
      '--stdio',
      EVERYTHING,
      '--provider',
      'openai',
      '--base-url',
      'https://llm.example.com/v1',
      'chat',
      'hi',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "No API key for the OpenAI-compatible API at https://llm.example.com: OPENAI_API_KEY goes only to https://api.openai.com; store the key for https://llm.example.com in Switchboard's Settings, or name the variable that holds it with --api-key-env.",
    );
    expect(openai.requests.length).toBe(before);
    for (const [argv, said] of [
      [['--stdio', EVERYTHING, '--allow', 'echo', 'chat'], '--allow takes server:tool (or * for all)'],
      [['--stdio', EVERYTHING, '--json', 'tools'], 'are for chat'],
      [['--base-url', 'http://192.168.1.5/v1', 'chat'], 'plain http sends the API key unencrypted'],
      [['--env', 'A=b', 'chat'], 'need --stdio or --url'],
    ] as const) {
      const u = await chat([...argv]);
      expect(u.code).toBe(2);
      expect(u.stderr).toContain(said);
    }
  });
});

describe('mcp chat asking in the terminal (in process, a scripted terminal)', () => {
  it('each call outside --allow is asked in turn, what it sends shown and a warning when it may change things; y runs it, anything else denies it', async () => {
    openai.script(
      {
        toolCalls: [
          { id: 'c1', name: 'server__echo', arguments: { message: 'ask me' } },
          { id: 'c2', name: 'server__toggle-simulated-logging', arguments: {} },
        ],
      },
      { content: 'One ran, one did not.' },
    );
    const asked: string[] = [];
    const answers = ['y', 'no'];
    const input: ChatInput = {
      interactive: true,
      line: async (prompt) => {
        asked.push(prompt);
        return answers.shift();
      },
      close: () => {},
    };
    const out: string[] = [];
    const err: string[] = [];
    const saved = { ...process.env };
    process.env.SWITCHBOARD_HOME = home;
    process.env.OPENAI_API_KEY = OPENAI_KEY;
    try {
      const code = await runChat(
        parseArgs(['--stdio', EVERYTHING, ...viaOpenAI(), '--json', 'chat', 'go']),
        { stdout: (t) => out.push(t), stderr: (t) => err.push(t) },
        input,
      );
      expect(code).toBe(0);
    } finally {
      process.env = saved;
    }
    expect(asked).toEqual(['Allow this call? [y/N] ', 'Allow this call? [y/N] ']);
    const said = err.join('\n');
    expect(said).toContain('server:echo wants to run with:\n{"message":"ask me"}');
    // echo says it only reads; toggle-simulated-logging does not (and says it deletes nothing).
    expect(said.split('it may change things')).toHaveLength(2);
    expect(said).toContain(
      'server:toggle-simulated-logging wants to run with:\n{}\n(the server does not say it only reads: it may change things)',
    );
    const turn = JSON.parse(out.join(''));
    expect(turn.toolCalls.map((c: { tool: string; decision: string }) => [c.tool, c.decision])).toEqual([
      ['echo', 'allowed'],
      ['toggle-simulated-logging', 'refused'],
    ]);
  });
});

describe('--allow patterns', () => {
  it('match a server and a tool exactly or by *, and nothing unless given', () => {
    expect(allowedByPattern([], 'a', 'b')).toBe(false);
    expect(allowedByPattern(['a:b'], 'a', 'b')).toBe(true);
    expect(allowedByPattern(['a:b'], 'a', 'c')).toBe(false);
    expect(allowedByPattern(['a:*'], 'a', 'c')).toBe(true);
    expect(allowedByPattern(['*:b'], 'x', 'b')).toBe(true);
    expect(allowedByPattern(['*'], 'x', 'y')).toBe(true);
    expect(allowedByPattern(['a:b:c'], 'a', 'b:c')).toBe(true);
    // A server whose name holds a colon is allowed by its whole name; its * is its own.
    expect(allowedByPattern(['a:b:c'], 'a:b', 'c')).toBe(true);
    expect(allowedByPattern(['a:b:*'], 'a:b', 'c')).toBe(true);
    expect(allowedByPattern(['a:b:*'], 'a', 'c')).toBe(false);
    expect(allowedByPattern(['a:*'], 'a:b', 'c')).toBe(false);
    expect(allowedByPattern(['a'], 'a', 'b')).toBe(false);
  });
});
