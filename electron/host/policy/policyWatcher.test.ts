import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { writeFileAtomic } from '../../store/atomicWrite';
import type { PolicyState } from './policyFile';
import { type PolicyWatcher, watchPolicy } from './policyWatcher';

let dir: string;
const open: PolicyWatcher[] = [];
tempDirPerTest('sb-policy-', (d) => {
  dir = d;
});
afterEach(() => {
  for (const w of open.splice(0)) w.dispose();
});

async function watching(file: string): Promise<{ watcher: PolicyWatcher; seen: PolicyState[] }> {
  const watcher = await watchPolicy(file, { debounceMs: 30, pollMs: 0 });
  open.push(watcher);
  const seen: PolicyState[] = [];
  watcher.onChange((s) => seen.push(s));
  return { watcher, seen };
}
const deny = (command: string) => JSON.stringify({ deniedServers: [{ command }] });
const denied = (state: PolicyState) =>
  state.kind === 'active' ? state.policy.deniedServers.map((w) => w.rule.command) : state.kind;

describe('watchPolicy (real files)', () => {
  it('sees the file appear, an edit in place, a rename over it (atomic write), breakage and deletion', async () => {
    const file = path.join(dir, 'policy.json');
    const { watcher, seen } = await watching(file);
    expect(watcher.state).toEqual({ kind: 'none', path: file });

    await writeFile(file, deny('npx'));
    await expect.poll(() => denied(watcher.state)).toEqual(['npx']);

    await writeFile(file, deny('uvx'));
    await expect.poll(() => denied(watcher.state)).toEqual(['uvx']);

    await writeFileAtomic(file, deny('docker'));
    await expect.poll(() => denied(watcher.state)).toEqual(['docker']);

    // An editor's way: write a new file beside, rename it over.
    await writeFile(path.join(dir, 'policy.json.new'), deny('node'));
    await rename(path.join(dir, 'policy.json.new'), file);
    await expect.poll(() => denied(watcher.state)).toEqual(['node']);

    await writeFile(file, '{ "deniedServers": [');
    await expect.poll(() => watcher.state.kind).toBe('invalid');
    expect(watcher.state).toMatchObject({ error: expect.stringMatching(/not valid JSON/) });

    await rm(file);
    await expect.poll(() => watcher.state.kind).toBe('none');

    expect(seen.map(denied)).toEqual([['npx'], ['uvx'], ['docker'], ['node'], 'invalid', 'none']);
  });

  it('tells listeners only when what the file holds changes', async () => {
    const file = path.join(dir, 'policy.json');
    await writeFile(file, deny('npx'));
    const { watcher, seen } = await watching(file);
    expect(denied(watcher.state)).toEqual(['npx']);
    await writeFile(file, deny('npx'));
    await writeFileAtomic(file, deny('npx'));
    await writeFile(path.join(dir, 'other.json'), '{}');
    await watcher.refresh();
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([]);
  });

  it('waits for a folder that does not exist yet, and follows it being removed and made again', async () => {
    const file = path.join(dir, 'etc', 'switchboard', 'policy.json');
    const { watcher } = await watching(file);
    expect(watcher.state.kind).toBe('none');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, deny('npx'));
    await expect.poll(() => denied(watcher.state)).toEqual(['npx']);

    await rm(path.join(dir, 'etc'), { recursive: true });
    await expect.poll(() => watcher.state.kind).toBe('none');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, deny('uvx'));
    await expect.poll(() => denied(watcher.state)).toEqual(['uvx']);
  });

  it('after dispose, hears nothing more', async () => {
    const file = path.join(dir, 'policy.json');
    const { watcher, seen } = await watching(file);
    watcher.dispose();
    await writeFile(file, deny('npx'));
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([]);
    expect(watcher.state.kind).toBe('none');
  });
});
