import { spawnSync } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAsync as runCli } from '../../e2e/fixtures/cliProcess';
import { json, mcpBasics, startHttpFixture } from '../../e2e/fixtures/http/httpFixture';
import { EVERYTHING_ENTRY, freePort, hostileStdio, startEverythingHttp } from '../../e2e/fixtures/servers';

const EVERYTHING = `"${process.execPath}" "${EVERYTHING_ENTRY}" stdio`;

/** Runs the real CLI from its source (node + tsx); `npm run mcp` runs the same code built (tested below). */
function cli(...argv: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'main.ts'), ...argv], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
}

/** The same, without blocking the event loop (for servers that live in this process). */
const cliAsync = (...argv: string[]) => runCli(argv);

// Each test is a chain of real CLI processes, each starting its own server: minutes on a loaded
// two-core machine, not the 30 s one test gets by default.
describe('mcp CLI (real process, server-everything)', { timeout: 120_000 }, () => {
  it('runs built, as `npm run mcp` and the switchboard-mcp bin start it (scripts/mcp.mjs, built when stale)', () => {
    const r = spawnSync(
      process.execPath,
      [path.join(__dirname, '../../scripts/mcp.mjs'), '--stdio', EVERYTHING, 'tools'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).map((t: { name: string }) => t.name)).toContain('echo');
  });

  it('info, tools, call with progress, and exit 0', () => {
    const info = cli('--stdio', EVERYTHING, 'info');
    expect(info.code).toBe(0);
    expect(info.json()).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'mcp-servers/everything' },
    });

    const tools = cli('--stdio', EVERYTHING, 'tools');
    expect(tools.json().map((t: { name: string }) => t.name)).toContain('echo');

    const call = cli(
      '--stdio',
      EVERYTHING,
      'call',
      'trigger-long-running-operation',
      '{"duration":0.4,"steps":2}',
    );
    expect(call.code).toBe(0);
    expect(call.json().content[0].text).toMatch(/completed/);
    expect(call.stderr).toMatch(/progress 1\/2/);
    expect(call.stdout).not.toMatch(/progress/); // logs stay off stdout
  });

  it('resources, templates, read, prompts, prompt, complete', () => {
    expect(cli('--stdio', EVERYTHING, 'resources').json().length).toBeGreaterThan(0);
    expect(cli('--stdio', EVERYTHING, 'templates').json()[0].uriTemplate).toMatch(/demo:\/\//);
    expect(
      cli('--stdio', EVERYTHING, 'read', 'demo://resource/dynamic/text/3').json().contents[0].text,
    ).toMatch(/3/);
    expect(
      cli('--stdio', EVERYTHING, 'prompts')
        .json()
        .map((p: { name: string }) => p.name),
    ).toContain('args-prompt');
    const prompt = cli('--stdio', EVERYTHING, 'prompt', 'args-prompt', '{"city":"Oslo"}');
    expect(JSON.stringify(prompt.json().messages)).toMatch(/Oslo/);
    const done = cli(
      '--stdio',
      EVERYTHING,
      'complete',
      'demo://resource/dynamic/text/{resourceId}',
      'resourceId',
      '4',
    );
    expect(done.json().completion.values).toEqual(['4']);
    expect(
      cli('--stdio', EVERYTHING, 'complete', 'completable-prompt', 'department', 'Ma').json().completion
        .values,
    ).toEqual(['Marketing']);
  });

  it('--roots offers real paths as file:// URIs; --log-level prints server logs to stderr', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sb-cli-'));
    try {
      const r = cli('--stdio', EVERYTHING, '--roots', dir, '--log-level', 'debug', 'call', 'get-roots-list');
      expect(r.code).toBe(0);
      expect(r.json().content[0].text).toContain(`file://${await realpath(dir)}`);
      expect(r.stderr).toMatch(/\[info\] everything-server: Roots updated/);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('declines sampling and elicitation unless canned answers are given', () => {
    const declined = cli('--stdio', EVERYTHING, 'call', 'trigger-sampling-request', '{"prompt":"hi"}');
    expect(declined.code).toBe(1);
    expect(declined.stderr).toMatch(/sampling request declined/);
    const answered = cli(
      '--stdio',
      EVERYTHING,
      '--sampling-response',
      'canned!',
      'call',
      'trigger-sampling-request',
      '{"prompt":"hi"}',
    );
    expect(answered.code).toBe(0);
    expect(answered.json().content[0].text).toMatch(/canned!/);

    const elicit = cli('--stdio', EVERYTHING, 'call', 'trigger-elicitation-request');
    expect(elicit.json().content[0].text).toMatch(/declined/);
    const accepted = cli(
      '--stdio',
      EVERYTHING,
      '--elicitation-response',
      '{"name":"Grace"}',
      'call',
      'trigger-elicitation-request',
    );
    expect(accepted.json().content[1].text).toMatch(/Name: Grace/);
  });

  it('exit codes: 1 for a tool error or protocol error, 2 for usage', () => {
    const toolError = cli('--stdio', EVERYTHING, 'call', 'get-sum', '{"a":"x"}');
    expect(toolError.code).toBe(1);
    expect(toolError.json().isError).toBe(true);

    const missing = cli('--stdio', EVERYTHING, 'read', 'demo://nope');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/error \[-?\d+\]/);

    const crash = hostileStdio('exit-mid-request');
    const crashed = cli(
      '--stdio',
      `"${crash.command}" ${crash.args!.map((a) => `"${a}"`).join(' ')}`,
      'call',
      'echo',
    );
    expect(crashed.code).toBe(1);
    expect(crashed.stderr).toMatch(/exited with code 3/);

    expect(cli('--stdio', EVERYTHING, 'call', 'echo', 'not json').code).toBe(2);
    expect(cli('info').code).toBe(2);
    const notFound = cli('--stdio', 'no-such-server-binary', 'info');
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toMatch(/not found/);
  });

  it('a result or a log line nested 100,000 deep: a named error (exit 1), a log line said not shown', () => {
    const line = (mode: string) => {
      const { command, args } = hostileStdio(mode);
      return `"${command}" ${args!.map((a) => `"${a}"`).join(' ')}`;
    };
    const structured = cli('--stdio', line('deep-structured'), 'call', 'echo');
    expect(structured.code).toBe(1);
    expect(structured.stdout).toBe('');
    expect(structured.stderr).toMatch(
      /^error \[-32003\]: the server's answer was refused: message nested deeper than 100 levels/m,
    );

    const logged = cli(
      '--stdio',
      line('deep-log'),
      '--log-level',
      'debug',
      'call',
      'echo',
      '{"message":"hi"}',
    );
    expect(logged.code).toBe(0);
    expect(logged.json().content[0].text).toBe('Echo: hi');
    expect(logged.stderr).toMatch(
      /^\[protocol\] malformed input from server: message nested deeper than 100 levels/m,
    );
  });

  it('--url speaks Streamable HTTP and legacy SSE (detected or forced) to server-everything', async () => {
    for (const mode of ['streamableHttp', 'sse'] as const) {
      const server = await startEverythingHttp(mode);
      try {
        // Not spawnSync: this process reads the server's stderr, which must not wait behind a blocked loop.
        const detected = await cliAsync('--url', server.url, 'call', 'echo', '{"message":"over the wire"}');
        expect(detected.code).toBe(0);
        expect(JSON.parse(detected.stdout).content[0].text).toBe('Echo: over the wire');
        const forced = await cliAsync(
          '--url',
          server.url,
          '--transport',
          mode === 'sse' ? 'sse' : 'http',
          'info',
        );
        expect(JSON.parse(forced.stdout).serverInfo.name).toBe('mcp-servers/everything');
      } finally {
        await server.stop();
      }
    }
  });

  it('--header is sent on every request; an unreachable --url exits 1 with the reason', async () => {
    const f = await startHttpFixture((req, res, body) => {
      if (mcpBasics(req, res, body)) return;
      json(res, { jsonrpc: '2.0', id: body!.id, result: { tools: [] } });
    });
    try {
      const r = await cliAsync('--url', f.url, '--header', 'X-Api-Key: secret-1', 'tools');
      expect(r.code).toBe(0);
      const posts = f.requests.filter((q) => q.method === 'POST');
      expect(posts.length).toBeGreaterThan(1);
      for (const q of posts) expect(q.headers['x-api-key']).toBe('secret-1');
    } finally {
      await f.close();
    }
    const down = cli('--url', `http://127.0.0.1:${await freePort()}/mcp`, 'info');
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/connection refused/);
  });
});
