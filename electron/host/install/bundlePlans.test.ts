import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packFixture } from '../../../e2e/fixtures/mcpb/bundles';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { BundlePlans } from './bundlePlans';
import type { RegistryOrigin } from './registry/registryOrigin';

let built = '';
let packed = '';
beforeAll(async () => {
  built = await mkdtemp(path.join(tmpdir(), 'sb-bundle-plans-built-'));
  packed = await packFixture(built, path.join(built, 'report.mcpb'));
});
afterAll(() => rm(built, { recursive: true, force: true }));
let home: string;
tempDirPerTest('sb-bundle-plans-', (dir) => {
  home = dir;
});

const ORIGIN: RegistryOrigin = {
  registryUrl: 'https://registry.example',
  name: 'io.github.acme/report',
  version: '1.0.0',
  choice: 'packages/0',
};

describe('BundlePlans', () => {
  it('a plan opened from a registry entry holds the entry with it: through review, a write that failed, and a cancel', async () => {
    const plans = new BundlePlans(path.join(home, 'bundles'));
    const source = {
      kind: 'registry' as const,
      url: 'https://files.example/report.mcpb',
      entry: ORIGIN.name,
      version: '1.0.0',
    };
    const opened = await plans.open(packed, source, { registryOrigin: ORIGIN });
    if (!opened.ok) throw new Error(opened.message);
    expect(plans.peek(opened.planId).registryOrigin).toEqual(ORIGIN);

    const folder = path.join(home, 'shared');
    await mkdir(folder);
    expect(
      plans.prepare(opened.planId, 'report', { api_key: 'k', folders: [folder], limit: '3', verbose: true })
        .ok,
    ).toBe(true);
    const held = plans.peek(opened.planId);
    const draft = plans.take(opened.planId);
    expect(() => plans.peek(opened.planId)).toThrow(/expired or was added/);
    // The write failed: the plan comes back whole, its entry too.
    plans.putBack(opened.planId, draft, held);
    expect(plans.peek(opened.planId).registryOrigin).toEqual(ORIGIN);

    const dir = plans.peek(opened.planId).bundle.origin.dir;
    expect(existsSync(dir)).toBe(true);
    await plans.cancel(opened.planId);
    expect(() => plans.peek(opened.planId)).toThrow(/expired or was added/);
    expect(existsSync(dir)).toBe(false);
  });

  it('a plan opened from a file names no registry entry', async () => {
    const plans = new BundlePlans(path.join(home, 'bundles'));
    const opened = await plans.open(packed, { kind: 'file', file: 'report.mcpb' });
    if (!opened.ok) throw new Error(opened.message);
    expect(plans.peek(opened.planId).registryOrigin).toBeUndefined();
    await plans.clear();
  });
});
