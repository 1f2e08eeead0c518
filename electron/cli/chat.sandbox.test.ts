// `mcp --stdio … --sandbox chat`: the one server of a headless chat confined as the app confines it
// (its config gets "sandboxEnabled"), its denials said on stderr once it is gone, and the run ending
// (the sandbox's proxy listens in the CLI's own process until it is stopped). A real CLI process,
// reach-server under the real sandbox, the fake OpenAI-compatible API asking for the tool call.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAsync, envWithHome } from '../../e2e/fixtures/cliProcess';
import { type FakeOpenAI, startFakeOpenAI } from '../../e2e/fixtures/openai/fakeOpenAI';
import { skipWithoutSandbox } from '../../e2e/fixtures/sandboxSkip';

const REACH = `"${process.execPath}" "${path.join(__dirname, '../../e2e/fixtures/stdio/reach-server.mjs')}"`;
const KEY = 'sk-cli-sandbox-chat-4b1f';
const noSandbox = await skipWithoutSandbox('the sandboxed chat test');

let openai: FakeOpenAI;
let root: string;
beforeAll(async () => {
  openai = await startFakeOpenAI({ apiKey: KEY });
  root = await mkdtemp(path.join(tmpdir(), 'sb-cli-chat-sandbox-'));
});
afterAll(async () => {
  await openai.stop();
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(noSandbox)('mcp --stdio … --sandbox chat (real CLI, real sandbox)', () => {
  it("the model's call cannot read a planted ~/.ssh key; the denial is said; the run ends", async () => {
    const home = path.join(root, 'home');
    await mkdir(path.join(home, '.ssh'), { recursive: true });
    const key = path.join(home, '.ssh', 'id_ed25519');
    await writeFile(key, 'PLANTED-SSH-KEY\n');
    openai.script(
      {
        content: 'Reading it.',
        toolCalls: [{ id: 'c1', name: 'server__try', arguments: { action: 'read', target: key } }],
      },
      { content: 'It could not be read.' },
    );
    const r = await cliAsync(
      [
        '--stdio',
        REACH,
        '--sandbox',
        '--provider',
        'openai',
        '--base-url',
        openai.url,
        '--api-key-env',
        'OPENAI_API_KEY',
        '--model',
        'gpt-5.5',
        '--allow',
        'server:try',
        '--json',
        'chat',
        'Read my key',
      ],
      {
        env: { ...envWithHome(home, path.join(root, 'data')), OPENAI_API_KEY: KEY },
        // Ended by itself, or the proxy kept it running: killed at this, and the test fails.
        timeoutMs: 90_000,
      },
    );
    expect(r.timedOut, 'the run did not end by itself').toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^sandbox \(server\): confined; writes only to its own folder; reaches no host;/m,
    );
    const turn = JSON.parse(r.stdout) as { toolCalls: { result: { content: { text: string }[] } }[] };
    expect(turn.toolCalls[0]!.result.content[0]!.text).toMatch(/^failed (ENOENT|EACCES|EPERM)/);
    expect(r.stderr.match(/^sandbox \(server\): tried to read ~\/\.ssh\/id_ed25519$/gm)).toHaveLength(1);
  }, 120_000);
});
