// `install FILE` as a real process (the CLI from its source): bundles packed and signed in the test
// with the official mcpb CLI, installed into a data folder of the test's own, then trusted and run by a
// host on that folder as the browser shell boots it; each refusal leaves the folder as it was.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packFixture, selfSignedCert, signBundle } from '../../e2e/fixtures/mcpb/bundles';
import { startFakeOpenAI } from '../../e2e/fixtures/openai/fakeOpenAI';
import { skipWhen } from '../../e2e/fixtures/skipWhen';
import { Host } from '../host/host';

const SECRET = 'sk-cli-install-canary-3f9d';
const MAIN = path.join(__dirname, 'main.ts');
const ROOT = path.join(__dirname, '../..');

let built = '';
let signed = '';
let twoRequired = '';
let tampered = '';
let notZip = '';
beforeAll(async () => {
  built = await mkdtemp(path.join(tmpdir(), 'sb-cli-install-built-'));
  const cert = await selfSignedCert(built);
  signed = await packFixture(built, path.join(built, 'report.mcpb'));
  await signBundle(signed, cert);
  // Its greeting required too, with no default: two values missing at once.
  twoRequired = await packFixture(built, path.join(built, 'two.mcpb'), (m) => {
    const config = m.user_config as Record<string, Record<string, unknown>>;
    config.greeting = { ...config.greeting, required: true, default: undefined };
  });
  const bytes = await readFile(signed);
  bytes[200] = bytes[200]! ^ 0xff;
  tampered = path.join(built, 'tampered.mcpb');
  await writeFile(tampered, bytes);
  notZip = path.join(built, 'notes.mcpb');
  await writeFile(notZip, 'just text, no archive');
}, 60_000);
afterAll(() => rm(built, { recursive: true, force: true }));

let home: string;
let shared: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-cli-install-'));
  shared = await mkdtemp(path.join(tmpdir(), 'sb-cli-install-shared-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(shared, { recursive: true, force: true });
});

const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: home,
  SWITCHBOARD_HOME: home,
  SWITCHBOARD_POLICY_FILE: process.env.SWITCHBOARD_POLICY_FILE ?? '',
});

/** The real CLI, its stdin no terminal (closed at once), only the environment given. */
function install(argv: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, 'install', ...argv],
      { cwd: ROOT, env: { ...baseEnv(), ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** What the data folder holds, besides the host's own logs. */
const left = async () => (await readdir(home)).filter((n) => n !== 'logs').sort();

const config = async () => JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8'));

describe('switchboard-mcp install (real process)', () => {
  it('installs a signed bundle with --set and a secret from the environment; a host on the folder trusts and runs it', async () => {
    const r = await install(
      [signed, '--name', 'report', '--set', `folders=${shared}`, '--set-env', 'api_key=REPORT_KEY'],
      { REPORT_KEY: SECRET },
    ).then(async (first) => {
      // No --yes and no terminal: nothing is added, and the output says how.
      expect(first.code).toBe(2);
      expect(first.stderr).toMatch(/give --yes/);
      expect(await left()).toEqual([]);
      return install(
        [
          signed,
          '--name',
          'report',
          '--set',
          `folders=${shared}`,
          '--set',
          'limit=3',
          '--set-env',
          'api_key=REPORT_KEY',
          '--yes',
        ],
        { REPORT_KEY: SECRET },
      );
    });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    // The app's preview: facts, the signature said plainly, what runs (the secret as a stored one).
    expect(r.stdout).toContain('Bundled report (bundled-report) 1.2.3 by Switchboard tests');
    expect(r.stdout).toMatch(/Signature: Self-signed by "MCPB Self-Signed Certificate": .*proves nothing/);
    expect(r.stdout).toContain(`--greeting hello ${shared}`);
    expect(r.stdout).toContain('API_KEY = (a stored secret)');
    expect(r.stdout).toMatch(/untrusted: .*Trust and start/);
    expect(r.stdout + r.stderr).not.toContain(SECRET);

    const configText = await readFile(path.join(home, 'config.json'), 'utf8');
    expect(configText).not.toContain(SECRET);
    const entry = JSON.parse(configText).mcpServers.report;
    expect(entry.bundle).toMatchObject({
      name: 'bundled-report',
      version: '1.2.3',
      file: signed,
      signature: { status: 'self-signed' },
    });
    expect(path.dirname(entry.bundle.dir)).toBe(path.join(home, 'bundles'));
    expect(await readdir(path.join(home, 'bundles'))).toEqual([path.basename(entry.bundle.dir)]);
    const secrets = JSON.parse(await readFile(path.join(home, 'secrets.json'), 'utf8'));
    expect(secrets[entry.env.API_KEY.$secret]).toBe(`Bearer ${SECRET}`);
    // The data folder is free again.
    expect(existsSync(path.join(home, 'instance.lock'))).toBe(false);

    // A second one under the same name is refused, with nothing more unpacked.
    const again = await install([signed, '--name', 'report', '--set-env', 'api_key=K', '--yes'], { K: 'x' });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/"report" exists already: give another name with --name/);
    expect(await readdir(path.join(home, 'bundles'))).toHaveLength(1);

    // The app's host on that folder (the browser shell's file store): untrusted until confirmed, then it runs.
    const host = await Host.create({
      home,
      restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 },
    });
    try {
      await host.start();
      const request = host.registry.pendingTrust('report');
      expect(request?.command).toBe(process.execPath);
      expect(host.registry.get('report')?.state.status).not.toBe('running');
      await host.registry.trust('report', request!.identity);
      await expect.poll(() => host.registry.get('report')?.state.status, { timeout: 15_000 }).toBe('running');
      const session = host.registry.session('report');
      expect((await session.listTools()).map((t) => t.name)).toEqual(['report']);
      const result = await session.callTool('report', {});
      const report = JSON.parse((result.content[0] as { text: string }).text);
      expect(report.env.API_KEY).toBe(`Bearer ${SECRET}`);
      expect(report.argv).toEqual(['--greeting', 'hello', shared]);
    } finally {
      await host.shutdown();
    }

    // Confirmed, it is one of the servers `chat` runs: its tool offered to the model, called, its secret from the store.
    const openai = await startFakeOpenAI({ apiKey: 'sk-openai-install' });
    try {
      openai.script(
        { toolCalls: [{ id: 'c1', name: 'report__report', arguments: {} }] },
        { content: 'Reported.' },
      );
      const chat = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [
            ...['--import', 'tsx', MAIN, '--provider', 'openai', '--base-url', openai.url],
            ...['--api-key-env', 'OPENAI_API_KEY', '--model', 'gpt-5.5', '--allow', 'report:report'],
            ...['--json', 'chat', 'Report, please'],
          ],
          { cwd: ROOT, env: { ...baseEnv(), OPENAI_API_KEY: 'sk-openai-install' }, timeout: 60_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        ).stdin?.end();
      });
      expect(chat.stderr).toContain('[servers] running: report');
      expect(chat.code).toBe(0);
      const sent = openai.requests.find((q) => q.path === '/v1/chat/completions')!;
      expect((sent.body!.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([
        'report__report',
      ]);
      const call = JSON.parse(chat.stdout).toolCalls[0];
      expect(call).toMatchObject({ server: 'report', tool: 'report' });
      expect(JSON.stringify(call.result)).toContain(`--greeting`);
      expect(JSON.stringify(call.result)).toContain(`Bearer ${SECRET}`);
    } finally {
      await openai.stop();
    }
  }, 120_000);

  it('without a terminal, names every required value missing and keeps nothing', async () => {
    const r = await install([twoRequired, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs values for greeting \("Greeting"\): --set greeting=VALUE; api_key/);
    expect(r.stderr).toContain('--set-env api_key=VAR');
    expect(r.stderr).toContain('Nothing was installed');
    expect(await left()).toEqual([]);

    // A secret on the command line is refused (it would sit in the shell's history and in ps).
    const typed = await install([signed, '--set', `api_key=${SECRET}`, '--yes']);
    expect(typed.code).toBe(2);
    expect(typed.stderr).toMatch(/api_key \("API key"\) is a secret: give it with --set-env/);
    expect(await left()).toEqual([]);

    // A variable named and not set; a setting the bundle does not have; a value out of its range.
    expect((await install([signed, '--set-env', 'api_key=UNSET_VAR', '--yes'])).stderr).toMatch(
      /UNSET_VAR is not set/,
    );
    const wrong = await install(
      [signed, '--set-env', 'api_key=K', '--set', 'colour=red', '--set', 'limit=99', '--yes'],
      {
        K: SECRET,
      },
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/colour is not a setting of this bundle; limit must be at most 10/);
    expect(await left()).toEqual([]);
  }, 60_000);

  it('refuses a tampered bundle and a file that is no zip, with the reason and nothing on disk', async () => {
    const bad = await install([tampered, '--set-env', 'api_key=K', '--yes'], { K: SECRET });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/signature/i);
    expect(bad.stderr).toContain('Nothing was installed');
    expect(bad.stdout).toBe('');
    expect(await left()).toEqual([]);

    const text = await install([notZip, '--yes']);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(/zip/i);
    expect(await left()).toEqual([]);

    const none = await install([path.join(built, 'missing.mcpb'), '--yes']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/There is no bundle file at/);
  }, 60_000);

  it('refuses while the app holds the data folder, and writes nothing', async () => {
    // The app's own lock, taken by another process as both shells take it at start.
    const holder: ChildProcess = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${path.join(ROOT, 'electron/host/dataDirLock.ts')}').then(async (m) => { await m.lockDataDir(process.env.SWITCHBOARD_HOME, 'browser shell'); console.log('locked'); setInterval(() => {}, 1000); });`,
      ],
      { cwd: ROOT, env: baseEnv(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
        holder.on('exit', () => reject(new Error('the lock holder ended')));
      });
      const r = await install([signed, '--set-env', 'api_key=K', '--yes'], { K: SECRET });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'Switchboard is running on this data folder: install from the app, or quit it first.',
      );
      expect(r.stderr).toContain(`browser shell, process ${holder.pid}`);
      expect(await left()).toEqual(['instance.lock']);
      expect(JSON.parse(await readFile(path.join(home, 'instance.lock'), 'utf8')).pid).toBe(holder.pid);
    } finally {
      holder.kill();
    }
  }, 60_000);

  it("an unsigned bundle is said so; its manifest's text cannot drive the terminal", async () => {
    const unsigned = await packFixture(built, path.join(built, 'loud.mcpb'), (m) => {
      m.description = 'Harmless\u001b[2J\u001b]0;pwned\u0007 \u202Eevil';
    });
    const r = await install([unsigned, '--set-env', 'api_key=K', '--yes'], { K: SECRET });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Signature: Unsigned: nothing says who made this bundle.');
    expect(r.stdout).toContain('Harmless\\u{1B}[2J\\u{1B}]0;pwned\\u{7} \\u{202E}evil');
    for (const raw of ['\u001b', '\u0007', '\u202e']) expect(r.stdout).not.toContain(raw);
  }, 60_000);

  it("says before adding that the organization's policy refuses what it runs", async () => {
    const policy = path.join(home, '..', `${path.basename(home)}-policy.json`);
    await writeFile(policy, JSON.stringify({ deniedServers: [{ command: process.execPath }] }));
    try {
      const r = await install([signed, '--set-env', 'api_key=K', '--yes'], {
        K: SECRET,
        SWITCHBOARD_POLICY_FILE: policy,
      });
      expect(r.code).toBe(0);
      const said = r.stdout.indexOf("Refused: your organization's policy denies the command");
      expect(said).toBeGreaterThan(-1);
      expect(r.stdout.slice(said)).toMatch(/rule: deniedServers\[0\].*It would be added and never start/);
      expect(said).toBeLessThan(r.stdout.indexOf('Added "bundled-report"'));
    } finally {
      await rm(policy, { force: true });
    }
  }, 60_000);

  it('refuses when config.json is not JSON (never overwritten), before anything is unpacked', async () => {
    await writeFile(path.join(home, 'config.json'), '{ "mcpServers": ');
    const r = await install([signed, '--set-env', 'api_key=K', '--yes'], { K: SECRET });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/config\.json is not valid JSON.*Fix or move it first/);
    expect(await left()).toEqual(['config.json']);
    expect(await readFile(path.join(home, 'config.json'), 'utf8')).toBe('{ "mcpServers": ');
  }, 60_000);

  it("refuses a bundle with secrets for the Electron app's data folder (its keychain store), keeping nothing", async () => {
    await writeFile(path.join(home, 'secrets.enc.json'), '{}');
    const r = await install([signed, '--set-env', 'api_key=K', '--yes'], { K: SECRET });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/OS keychain, which the CLI cannot write: install this bundle from the app/);
    expect(await left()).toEqual(['secrets.enc.json']);
  }, 60_000);
});

/**
 * The CLI in a pseudo-terminal (util-linux `script`): what it writes, and a way to type once a prompt
 * shows. Typing waits for the prompt, so nothing is typed while the terminal still echoes.
 */
function inTerminal(argv: string[], env: Record<string, string> = {}) {
  const command = [process.execPath, '--import', 'tsx', MAIN, 'install', ...argv]
    .map((a) => `'${a.replaceAll("'", `'\\''`)}'`)
    .join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...baseEnv(), ...env } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return {
    output: () => output,
    exited,
    async type(after: RegExp, text: string) {
      await expect.poll(() => after.test(output), { timeout: 20_000 }).toBe(true);
      child.stdin.write(text);
    },
  };
}

describe.skipIf(
  skipWhen(
    process.platform !== 'linux',
    'the terminal install test drives a Linux pseudo-terminal (script(1))',
  ),
)('switchboard-mcp install in a terminal', () => {
  it('asks for the secret unseen and for confirmation; n keeps nothing, y adds it', async () => {
    const declined = inTerminal([signed, '--set', `folders=${shared}`]);
    await declined.type(/API key \(api_key, hidden\): /, `${SECRET}\r`);
    await declined.type(/Add "bundled-report" to Switchboard\? \[y\/N\] /, 'n\r');
    expect(await declined.exited).toBe(1);
    expect(declined.output()).toContain('Not added. Nothing was installed.');
    expect(declined.output()).not.toContain(SECRET);
    expect(await left()).toEqual([]);

    const added = inTerminal([signed, '--name', 'typed', '--set', `folders=${shared}`]);
    await added.type(/API key \(api_key, hidden\): /, `${SECRET}\r`);
    await added.type(/\[y\/N\] /, 'y\r');
    expect(await added.exited).toBe(0);
    expect(added.output()).not.toContain(SECRET);
    expect(added.output()).toContain('Added "typed"');
    const entry = (await config()).mcpServers.typed;
    const secrets = JSON.parse(await readFile(path.join(home, 'secrets.json'), 'utf8'));
    expect(secrets[entry.env.API_KEY.$secret]).toBe(`Bearer ${SECRET}`);
  }, 90_000);

  it('Ctrl-C at a question, or SIGTERM, ends it with nothing kept', async () => {
    const run = inTerminal([signed]);
    await run.type(/hidden\): /, '\x03');
    expect(await run.exited).toBe(130);
    expect(await left()).toEqual([]);

    // Ended by a signal while it waits (a closed terminal, a kill): the same. Its pid is in the lock it holds.
    const killed = inTerminal([signed]);
    await killed.type(/hidden\): /, '');
    expect(await readdir(path.join(home, 'bundles'))).toHaveLength(1);
    const { pid } = JSON.parse(await readFile(path.join(home, 'instance.lock'), 'utf8'));
    process.kill(pid, 'SIGTERM');
    expect(await killed.exited).toBe(143);
    expect(await left()).toEqual([]);
  }, 60_000);
});
