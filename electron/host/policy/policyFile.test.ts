import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { parseConfig } from '../config/serverConfig';
import type { PolicyFacts } from './policyFacts';
import { MAX_POLICY_BYTES, readPolicy } from './policyFile';
import { stateVerdict } from './policyVerdict';

let dir: string;
tempDirPerTest('sb-policy-', (d) => {
  dir = d;
});
const server = parseConfig({ mcpServers: { a: { command: 'npx', args: ['-y', 'a'] } } }).servers[0]!;
/** The facts of a computer where `npx` is /usr/bin/npx. */
const facts: PolicyFacts = {
  launch: { program: '/usr/bin/npx', realProgram: '/usr/bin/npx', cwd: '/home/me' },
  programOf: (command) => `/usr/bin/${command}`,
  folderOf: (cwd) => cwd,
  packagesOf: () => ({ known: true, packages: [], remotes: [], repositories: [] }),
};

async function policyOf(text: string) {
  const file = path.join(dir, 'policy.json');
  await writeFile(file, text);
  return readPolicy(file);
}

describe('readPolicy', () => {
  it('no file: no policy, and every server is allowed', async () => {
    const state = await readPolicy(path.join(dir, 'policy.json'));
    expect(state).toEqual({ kind: 'none', path: path.join(dir, 'policy.json') });
    expect(stateVerdict(state, server, { kind: 'manual' }, facts)).toEqual({ allowed: true });
    expect((await readPolicy(path.join(dir, 'missing', 'policy.json'))).kind).toBe('none');
  });

  it('a valid file is the policy it holds (a UTF-8 byte order mark is allowed)', async () => {
    const state = await policyOf('\uFEFF{ "deniedServers": [ { "command": "npx" } ] }');
    expect(state).toMatchObject({
      kind: 'active',
      policy: { deniedServers: [{ rule: { command: 'npx' } }] },
    });
    expect(stateVerdict(state, server, { kind: 'manual' }, facts)).toEqual({
      allowed: false,
      rule: 'deniedServers[0] {"command":"npx"}',
      reason: "your organization's policy denies the command npx",
    });
  });

  it('a malformed file fails closed: every server refused, the reason naming the file and the fault', async () => {
    const file = path.join(dir, 'policy.json');
    const cases: [string, RegExp][] = [
      ['{ "deniedServers": [ { "command": "npx" }, ] }', /not valid JSON \(Unexpected token/],
      ['{\n  "deniedServers": [\n    { "command": "npx" }\n  ]\n', /not valid JSON \(line 5, column 1\)/],
      ['', /it is empty/],
      ['{ "allowedServers": "all" }', /allowedServers: must be an array of rules/],
      ['{ "registryOnly": true, "allowServers": [] }', /unknown field "allowServers"/],
    ];
    for (const [text, error] of cases) {
      const state = await policyOf(text);
      expect(state).toMatchObject({ kind: 'invalid', path: file, error: expect.stringMatching(error) });
      const verdict = stateVerdict(
        state,
        server,
        {
          kind: 'registry',
          name: 'io.github.a/a',
          registryUrl: 'https://r.example',
        },
        facts,
      );
      expect(verdict).toMatchObject({ allowed: false, rule: file });
      expect(verdict.allowed === false && verdict.reason).toMatch(/until it is fixed, no server starts/);
    }
  });

  it('a file that cannot be read, or is no file, or is far too large, fails closed too', async () => {
    await mkdir(path.join(dir, 'folder.json'));
    expect(await readPolicy(path.join(dir, 'folder.json'))).toMatchObject({
      kind: 'invalid',
      error: 'it is not a file',
    });
    expect(await policyOf(' '.repeat(MAX_POLICY_BYTES + 1))).toMatchObject({
      kind: 'invalid',
      error: /larger than 1024 KiB/,
    });
    if (process.platform !== 'win32' && process.getuid?.() !== 0) {
      const file = path.join(dir, 'locked.json');
      await writeFile(file, '{}', { mode: 0o000 });
      expect(await readPolicy(file)).toMatchObject({ kind: 'invalid', error: 'permission denied' });
    }
  });

  // Issue 47, item 15: only a path where nothing is at all means "no policy".
  it('a dangling symbolic link, or a path through a file, fails closed naming the file; a link to a file is read', async () => {
    await writeFile(path.join(dir, 'plain'), '');
    expect(await readPolicy(path.join(dir, 'plain', 'policy.json'))).toMatchObject({
      kind: 'invalid',
      error: expect.stringContaining('ENOTDIR'),
    });
    // Windows makes symbolic links only for administrators.
    if (process.platform !== 'win32') {
      const dangling = path.join(dir, 'dangling.json');
      await symlink(path.join(dir, 'gone.json'), dangling);
      const state = await readPolicy(dangling);
      expect(state).toMatchObject({
        kind: 'invalid',
        path: dangling,
        error: `it is a symbolic link to ${path.join(dir, 'gone.json')}, which does not exist`,
      });
      expect(stateVerdict(state, server, { kind: 'manual' }, facts)).toMatchObject({
        allowed: false,
        rule: dangling,
      });

      await writeFile(path.join(dir, 'real.json'), '{ "deniedServers": [ { "command": "npx" } ] }');
      await symlink(path.join(dir, 'real.json'), path.join(dir, 'linked.json'));
      expect(await readPolicy(path.join(dir, 'linked.json'))).toMatchObject({ kind: 'active' });
    }
  });
});
