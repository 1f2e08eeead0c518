// The managed policy's sandbox rules, on a real host with a real policy file and real servers under the
// real sandbox: `requireSandbox` refuses a local server that would run with the person's full rights
// (it never starts) until its sandbox is on; `sandboxDeniedDomains` beats a server's own allowedDomains
// and the person's Allow; `sandboxAllowedDomains` reaches every confined server.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWithoutSandbox } from '../../../e2e/fixtures/sandboxSkip';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustServerAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';

const REACH = path.join(__dirname, '../../../e2e/fixtures/stdio/reach-server.mjs');
const noSandbox = await skipWithoutSandbox('the requireSandbox tests');

let home: string;
let host: Host | undefined;
let service: HostService | undefined;
tempDirPerTest(
  'sb-require-sandbox-',
  (dir) => {
    home = dir;
  },
  async () => {
    service?.dispose();
    await host?.shutdown();
    host = service = undefined;
  },
);

const view = (id: string) => host!.registry.views().find((v) => v.id === id)!;
async function until(what: () => boolean, describe: () => unknown): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(describe())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const text = async (server: string, action: string, target: string) =>
  ((await host!.registry.session(server).callTool('try', { action, target })).content[0] as { text: string })
    .text;

describe.skipIf(noSandbox)('the policy requires the sandbox', () => {
  it('refuses an unconfined local server until its sandbox is on; the policy domains hold over the server’s', async () => {
    const data = path.join(home, 'data');
    await mkdir(data);
    const marker = path.join(home, 'ran-unconfined');
    await writeFile(
      path.join(home, 'policy.json'),
      JSON.stringify({
        requireSandbox: true,
        sandboxAllowedDomains: ['registry.npmjs.org'],
        sandboxDeniedDomains: ['example.com'],
      }),
    );
    const server = (extra: object) => ({ command: process.execPath, args: [REACH], ...extra });
    await writeFile(
      path.join(data, 'config.json'),
      JSON.stringify({
        mcpServers: {
          open: server({}),
          confined: server({
            sandboxEnabled: true,
            sandbox: { network: { allowedDomains: ['example.com'] } },
          }),
        },
      }),
    );
    host = await Host.create({
      home: data,
      sampler: null,
      policyFile: path.join(home, 'policy.json'),
      sandbox: { personHome: home, folder: path.join(home, 'own') },
      restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 },
    });
    service = hostService(host);
    expect(view('open').refused).toEqual({
      rule: 'requireSandbox true',
      reason: expect.stringContaining('only sandboxed'),
    });
    expect(view('open').trustRequired).toBeUndefined();
    await expect(host.registry.start('open')).rejects.toThrow();
    expect(view('confined').refused).toBeUndefined();
    await trustServerAsShown(service, 'confined');
    await until(
      () => view('confined').state.status === 'running',
      () => view('confined').state,
    );
    // The organization's allowed domain reaches every confined server; its denied one beats the server's own.
    expect(await text('confined', 'fetch', 'https://registry.npmjs.org/')).toBe('ok 200');
    expect(await text('confined', 'fetch', 'https://example.com/')).toMatch(/^(ok 403|failed)/);
    await until(
      () => {
        const sandbox = view('confined').sandbox;
        return sandbox?.state === 'confined' && sandbox.violations.length > 0;
      },
      () => view('confined').sandbox,
    );
    const sandbox = view('confined').sandbox;
    if (sandbox?.state !== 'confined') throw new Error('not confined');
    const denial = sandbox.violations.find((v) => v.target === 'example.com:443')!;
    expect(denial.allow).toEqual({
      refused: "your organization's policy denies example.com to every server",
    });
    await expect(service.allowSandboxDenial('confined', denial.id)).rejects.toThrow(/policy denies/);
    // Run sandboxed: the refusal goes; the changed server is trusted as any change, and runs confined.
    await service.setServerSandbox('open', true);
    await until(
      () => view('open').refused === undefined && view('open').trustRequired !== undefined,
      () => view('open'),
    );
    expect(view('open').trustRequired?.sandbox).toEqual({});
    await trustServerAsShown(service, 'open');
    await until(
      () => view('open').state.status === 'running',
      () => view('open').state,
    );
    expect(await text('open', 'write', marker)).toMatch(/^failed/);
  }, 60_000);
});
