// `mcp --stdio … --sandbox` in real CLI processes under the real sandbox (bubblewrap, socat,
// ripgrep), against reach-server: a planted key in a temp HOME's .ssh hidden, an allowed folder
// written, a host denied and said on stderr — and the same run without --sandbox as the control.
// Fail-closed: with bwrap/socat/rg missing from the PATH, the CLI refuses and the server never starts.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAsync, envWithHome } from '../../e2e/fixtures/cliProcess';
import { npmRegistryUnreachable } from '../../e2e/fixtures/npmRegistry';
import { skipWithoutSandbox } from '../../e2e/fixtures/sandboxSkip';
import { skipWhen } from '../../e2e/fixtures/skipWhen';
import { denialLine } from './cliSandbox';

const STDIO = path.join(__dirname, '../../e2e/fixtures/stdio');
const REACH = `"${process.execPath}" "${path.join(STDIO, 'reach-server.mjs')}"`;
const noSandbox = await skipWithoutSandbox('the CLI sandbox tests');

let root: string;
let home: string;
let data: string;
let work: string;

/** The CLI with a home of its own (its secret places, its cache) and its own data folder. */
function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return cliAsync(argv, { env: { ...envWithHome(home, data), ...env } });
}
const tryIt = (action: string, target: string) => ['call', 'try', JSON.stringify({ action, target })];
const answer = (stdout: string) => (JSON.parse(stdout) as { content: { text: string }[] }).content[0]!.text;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sb-cli-sandbox-'));
  home = path.join(root, 'home');
  data = path.join(root, 'data');
  work = path.join(root, 'work');
  for (const dir of [path.join(home, '.ssh'), data, work]) await mkdir(dir, { recursive: true });
  await writeFile(path.join(home, '.ssh', 'id_ed25519'), 'PLANTED-SSH-KEY\n');
  await writeFile(path.join(data, 'config.json'), '{"mcpServers":{}}\n');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(noSandbox)('mcp --stdio … --sandbox (real CLI, real sandbox)', { timeout: 240_000 }, () => {
  it('hides a planted ~/.ssh key and the data folder, says so on stderr; without --sandbox it reads them', async () => {
    const key = path.join(home, '.ssh', 'id_ed25519');
    const open = await run(['--stdio', REACH, ...tryIt('read', key)]);
    expect(open.code).toBe(0);
    expect(answer(open.stdout)).toBe('ok PLANTED-SSH-KEY');
    expect(open.stderr).not.toMatch(/sandbox:/);

    const confined = await run(['--stdio', REACH, '--sandbox', ...tryIt('read', key)]);
    expect(confined.code).toBe(0);
    expect(answer(confined.stdout)).toMatch(/^failed (ENOENT|EACCES|EPERM)/);
    expect(confined.stderr).toMatch(/^sandbox: confined; writes only to its own folder; reaches no host;/m);
    // Said once, as the card words it.
    expect(confined.stderr.match(/^sandbox: tried to read ~\/\.ssh\/id_ed25519$/gm)).toHaveLength(1);

    const config = await run([
      '--stdio',
      REACH,
      '--sandbox',
      ...tryIt('read', path.join(data, 'config.json')),
    ]);
    expect(answer(config.stdout)).toMatch(/^failed/);
  });

  it('writes to an --allow-write folder and its own temp folder, nowhere else', async () => {
    const allowed = await run([
      '--stdio',
      REACH,
      '--sandbox',
      '--allow-write',
      work,
      ...tryIt('write', path.join(work, 'in.txt')),
    ]);
    expect(answer(allowed.stdout)).toBe('ok written');
    expect(await readFile(path.join(work, 'in.txt'), 'utf8')).toContain('reach-server');
    // A write its rules allowed is no denial.
    expect(allowed.stderr).not.toMatch(/sandbox: tried/);

    const outside = await run(['--stdio', REACH, '--sandbox', ...tryIt('write', path.join(home, 'out.txt'))]);
    expect(answer(outside.stdout)).toMatch(/^failed (EROFS|EACCES|EPERM)/);
    expect(existsSync(path.join(home, 'out.txt'))).toBe(false);
    expect(outside.stderr).toMatch(/^sandbox: tried to write ~\/out\.txt \(--allow-write ~ allows it\)$/m);

    const tmp = answer((await run(['--stdio', REACH, '--sandbox', ...tryIt('env', 'TMPDIR')])).stdout);
    expect(tmp).toMatch(new RegExp(`^ok ${home}/\\.cache/switchboard-sandbox/`));

    const missing = await run([
      '--stdio',
      REACH,
      '--sandbox',
      '--allow-write',
      path.join(root, 'nope'),
      'tools',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/--allow-write: .*nope does not exist/);
  });

  it('reaches only --allow-domain hosts: a denied one is said with the flag that allows it', async () => {
    const denied = await run(['--stdio', REACH, '--sandbox', ...tryIt('fetch', 'https://example.com/')]);
    expect(answer(denied.stdout)).toMatch(/^(ok 403|failed)/);
    expect(denied.stderr).toMatch(
      /^sandbox: tried to reach example\.com:443( \(\d+ times\))? \(--allow-domain example\.com allows it\)$/m,
    );
    // Allowed, the proxy lets it through (the npm registry: the one host this machine reaches).
    const offline = await npmRegistryUnreachable();
    if (offline) {
      console.log(`the allowed fetch is not tried: ${offline}`);
      return;
    }
    const allowed = await run([
      '--stdio',
      REACH,
      '--sandbox',
      '--allow-domain',
      'registry.npmjs.org',
      ...tryIt('fetch', 'https://registry.npmjs.org/'),
    ]);
    expect(allowed.stderr).toMatch(/reaches only registry\.npmjs\.org/);
    expect(answer(allowed.stdout)).toBe('ok 200');
    expect(allowed.stderr).not.toMatch(/sandbox: tried to reach registry/);
  });

  it('--allow-domain without --sandbox is a usage error naming the flag', async () => {
    const r = await run(['--stdio', REACH, '--allow-domain', 'example.com', 'tools']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --allow-domain needs --sandbox$/m);
  });
});

describe('a denial as the CLI says it', () => {
  it('the card words, counted when repeated, with the flag that allows it', () => {
    const base = { id: 'x', first: 1, last: 2 };
    expect(
      denialLine({
        ...base,
        access: 'network',
        target: 'example.com:443',
        text: 'tried to reach example.com:443',
        count: 3,
        allow: { rule: 'example.com' },
      }),
    ).toBe('sandbox: tried to reach example.com:443 (3 times) (--allow-domain example.com allows it)');
    expect(
      denialLine({
        ...base,
        access: 'read',
        target: '/h/.aws/credentials',
        text: 'tried to read ~/.aws/credentials',
        count: 1,
        allow: { rule: '~/.aws/credentials' },
      }),
    ).toBe('sandbox: tried to read ~/.aws/credentials');
  });
});

describe.skipIf(
  skipWhen(process.platform !== 'linux', 'the fail-closed CLI test hides bwrap by PATH, as on Linux only'),
)('mcp --sandbox where the sandbox cannot run', () => {
  it('bwrap, socat and rg missing: exits non-zero naming bubblewrap and the install command; the server never starts', async () => {
    const bin = path.join(root, 'only-node');
    await mkdir(bin, { recursive: true });
    await symlink(process.execPath, path.join(bin, 'node'));
    const marker = path.join(root, 'started');
    const server = `node "${path.join(STDIO, 'marker-server.mjs')}" "${marker}"`;
    const r = await cliAsync(['--stdio', server, '--sandbox', 'tools'], {
      env: { PATH: bin, HOME: home, SWITCHBOARD_HOME: data },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the sandbox is not available: .*bubblewrap \(bwrap\) not installed/);
    expect(r.stderr).toMatch(/Install: sudo apt install .*bubblewrap/);
    expect(r.stderr).toMatch(/not started unconfined/);
    expect(r.stdout).toBe('');
    expect(existsSync(marker)).toBe(false);
    // The control: the same PATH without --sandbox starts it (the marker is how a start is told).
    const control = await cliAsync(['--stdio', server, 'tools'], {
      env: { PATH: bin, HOME: home, SWITCHBOARD_HOME: data },
    });
    expect(control.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
  }, 120_000);
});
