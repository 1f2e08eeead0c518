import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANTHROPIC } from '../../shared/host/providerSettings';
import type { ServerDraft } from '../../shared/host/serverDraft';
import { SettingsStore } from '../store/settingsStore';
import { ApprovalStore } from './consent/approvalStore';
import { Host } from './host';
import { type HostService, hostService } from './hostService';
import { TrustStore } from './servers/trustStore';

let home: string;
let host: Host;
let service: HostService;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-saves-'));
  // Commands never trusted here, so nothing is started: only the file is under test.
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({ mcpServers: { kept: { command: 'never-run', args: ['a'] } }, theme: 'dark' }),
  );
  host = await Host.create({ home });
  service = hostService(host);
});
afterEach(async () => {
  service.dispose();
  await host.shutdown();
  await rm(home, { recursive: true, force: true });
});

const draft = (n: number): ServerDraft => ({
  kind: 'stdio',
  command: 'never-run',
  args: [String(n)],
  env: { SECRET: { value: `s-${n}`, secret: true } },
});
const fileServers = async () =>
  Object.keys(JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8')).mcpServers).sort();

describe('changes made at once all land', () => {
  it('saves, an import, renames, removals and toggles racing each other lose no server', async () => {
    const importFile = path.join(home, 'claude.json');
    await writeFile(
      importFile,
      JSON.stringify({ mcpServers: { i1: { command: 'never-run' }, i2: { command: 'never-run' } } }),
    );
    const preview = await service.previewImport('claude-desktop', importFile);
    await service.saveServer('renamed-me', draft(99), null);

    await Promise.all([
      ...Array.from({ length: 12 }, (_, n) => service.saveServer(`s${n}`, draft(n), null)),
      service.applyImport(preview.planId, { servers: ['i1', 'i2'], inputs: {} }),
      service.saveServer('renamed', draft(99), 'renamed-me'),
      service.setServerEnabled('kept', false),
    ]);
    const expected = ['i1', 'i2', 'kept', 'renamed', ...Array.from({ length: 12 }, (_, n) => `s${n}`)].sort();
    expect(await fileServers()).toEqual(expected);
    expect((await service.listServers()).map((s) => s.id).sort()).toEqual(expected);
    const doc = JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8'));
    expect(doc.theme).toBe('dark'); // what the app does not know is kept
    expect(doc.mcpServers.kept).toEqual({ command: 'never-run', args: ['a'], disabled: true });
    // Every secret stored, each under its own server.
    for (let n = 0; n < 12; n++) expect(await host.secrets.get(`s${n}/env/SECRET@never-run`)).toBe(`s-${n}`);

    await Promise.all([
      ...Array.from({ length: 6 }, (_, n) => service.removeServer(`s${n}`)),
      service.setServerEnabled('kept', true),
      service.saveServer('late', draft(7), null),
    ]);
    expect(await fileServers()).toEqual(
      ['i1', 'i2', 'kept', 'late', 'renamed', ...Array.from({ length: 6 }, (_, n) => `s${n + 6}`)].sort(),
    );
    expect(JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8')).mcpServers.kept).toEqual({
      command: 'never-run',
      args: ['a'],
    });
  });

  it('trust, approvals and settings written at once are all kept', async () => {
    const trust = TrustStore.inHome(home);
    await Promise.all(Array.from({ length: 20 }, (_, n) => trust.trust(`identity-${n}`)));
    const trustedAgain = TrustStore.inHome(home);
    for (let n = 0; n < 20; n++) expect(await trustedAgain.isTrusted(`identity-${n}`)).toBe(true);

    const file = path.join(home, 'approvals-race.json');
    const approvals = new ApprovalStore(file);
    await Promise.all(Array.from({ length: 20 }, (_, n) => approvals.grantTool('server', `tool-${n}`, 'h')));
    const reread = new ApprovalStore(file);
    await reread.load();
    for (let n = 0; n < 20; n++) expect(reread.allows('server', `tool-${n}`, 'h')).toBe(true);

    const settings = SettingsStore.inHome(home);
    const base = (await settings.get()).settings;
    const models = Array.from({ length: 10 }, (_, n) => `claude-model-${n}`);
    await Promise.all(
      models.map((m) =>
        settings.set({
          ...base,
          providers: base.providers.map((p) => (p.id === ANTHROPIC ? { ...p, defaultModel: m } : p)),
        }),
      ),
    );
    // Whole-form saves: the last one given wins, and the file is one of them, whole.
    const onDisk = JSON.parse(await readFile(path.join(home, 'settings.json'), 'utf8'));
    expect(onDisk.providers[0].defaultModel).toBe(models.at(-1));
  });
});
