import { chmod, mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../../../e2e/fixtures/skipWhen';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { parseConfig, type StdioServerConfig } from '../config/serverConfig';
import { parsePolicy } from './managedPolicy';
import { gatherFacts, launchFacts } from './policyFacts';

let dir: string;
tempDirPerTest('sb-facts-', (d) => {
  dir = d;
});
const stdio = (raw: Record<string, unknown>) =>
  parseConfig({ mcpServers: { s: raw } }).servers[0] as StdioServerConfig;

/** bin/tool (a real program) and links/tool → bin/tool, in a fresh folder. */
async function programs() {
  const root = await realpath(dir);
  await mkdir(path.join(root, 'bin'));
  await mkdir(path.join(root, 'links'));
  const tool = path.join(root, 'bin', 'tool');
  await writeFile(tool, '#!/bin/sh\n');
  await chmod(tool, 0o755);
  await symlink(tool, path.join(root, 'links', 'tool'));
  return { root, tool };
}

describe.skipIf(
  skipWhen(
    process.platform === 'win32',
    'what a launch really runs is read through POSIX symlinks and shebangs',
  ),
)('what a launch really runs', () => {
  it('a bare name is found on the PATH given (never the env’s), a link is its real file, the folder is real', async () => {
    const { root, tool } = await programs();
    const facts = await launchFacts(
      stdio({ command: 'tool', env: { PATH: path.join(root, 'bin') } }),
      path.join(root, 'links'),
    );
    expect(facts).toEqual({
      program: path.join(root, 'links', 'tool'),
      realProgram: tool,
      cwd: await realpath(homedir()),
    });
    expect(await launchFacts(stdio({ command: 'tool' }), '/nowhere')).toEqual({
      cwd: await realpath(homedir()),
    });
    expect((await launchFacts(stdio({ command: './bin/tool', cwd: root }), undefined)).realProgram).toBe(
      tool,
    );
  });

  it('a rule’s program and folder are real files too; only deny rules ask the registry', async () => {
    const { root, tool } = await programs();
    const parsed = parsePolicy({
      allowedServers: [{ command: 'tool', cwd: path.join(root, 'links') }, { registry: 'io.github.a/*' }],
      deniedServers: [{ command: path.join(root, 'links', 'tool') }, { registry: 'io.github.b/x' }],
    });
    if (!parsed.ok) throw new Error(parsed.error);
    const asked: string[] = [];
    const facts = await gatherFacts(parsed.policy, stdio({ command: 'tool' }), {
      searchPath: path.join(root, 'bin'),
      packages: async (rule) => {
        asked.push(rule);
        return { known: true, packages: [], remotes: [], repositories: [] };
      },
    });
    expect(facts.programOf('tool')).toBe(tool);
    expect(facts.programOf(path.join(root, 'links', 'tool'))).toBe(tool);
    expect(facts.folderOf(path.join(root, 'links'))).toBe(path.join(root, 'links'));
    expect(asked).toEqual(['io.github.b/x']);
  });
});
