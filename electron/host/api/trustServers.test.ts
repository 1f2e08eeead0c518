import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeEverythingConfig } from '../../../e2e/fixtures/everythingConfig';
import { EVERYTHING_ENTRY } from '../../../e2e/fixtures/servers';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import type { LaunchSummary } from '../../../shared/host/serverView';
import { readActivity } from '../activity/activityReader';
import { Host } from '../host';
import { hostService } from '../hostService';
import type { ShellAbilities } from './shellAbilities';

let home: string;
tempDirPerTest('sb-trust-many-', (d) => {
  home = d;
});

/** server-everything four times over (as an import or a hand-written config leaves them): none trusted yet. */
async function untrustedFour(shell: ShellAbilities) {
  await writeEverythingConfig(
    home,
    Object.fromEntries(
      ['e2', 'e3', 'e4'].map((n) => [n, { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] }]),
    ),
  );
  const host = await Host.create({ home });
  const service = hostService(host, shell);
  const servers = await service.listServers();
  expect(servers.map((s) => [s.id, s.trustRequired !== undefined])).toEqual([
    ['everything', true],
    ['e2', true],
    ['e3', true],
    ['e4', true],
  ]);
  const asShown = (id: string) => ({
    id,
    identity: servers.find((s) => s.id === id)!.trustRequired!.identity,
  });
  return { host, service, asShown };
}

describe('trusting many servers in one review', () => {
  it('one confirmation for the list; the rows left out keep waiting; the rest start', async () => {
    const asked: { server: string; launch: LaunchSummary }[][] = [];
    let answer = false;
    const { host, service, asShown } = await untrustedFour({
      confirmLaunches: async (launches) => {
        asked.push(launches);
        return answer;
      },
    });
    try {
      // Refused in the native list: nothing trusted.
      expect(await service.trustServers([asShown('everything'), asShown('e2'), asShown('e3')])).toEqual({
        trusted: [],
      });
      expect(asked).toHaveLength(1);
      expect(asked[0]!.map((l) => l.server)).toEqual(['everything', 'e2', 'e3']);
      expect(asked[0]![0]!.launch).toMatchObject({
        command: process.execPath,
        args: [EVERYTHING_ENTRY, 'stdio'],
      });
      expect((await service.listServers()).every((s) => s.trustRequired)).toBe(true);

      // Confirmed: the three chosen start; e4, left out, still waits.
      answer = true;
      expect(await service.trustServers([asShown('everything'), asShown('e2'), asShown('e3')])).toEqual({
        trusted: ['everything', 'e2', 'e3'],
      });
      expect(asked).toHaveLength(2);
      await expect
        .poll(async () => (await service.listServers()).map((s) => [s.id, s.state.status]), {
          timeout: 30_000,
        })
        .toEqual([
          ['everything', 'running'],
          ['e2', 'running'],
          ['e3', 'running'],
          ['e4', 'stopped'],
        ]);
      expect((await service.listServers()).find((s) => s.id === 'e4')?.trustRequired).toBeDefined();
    } finally {
      await host.shutdown();
    }
  });

  it('a launch changed after the list was shown: nothing is trusted, and the server is named', async () => {
    const { host, service, asShown } = await untrustedFour({ confirmLaunches: async () => true });
    try {
      const stale = { id: 'e3', identity: 'f'.repeat(64) };
      await expect(service.trustServers([asShown('e2'), stale])).rejects.toThrow(
        /e3 was changed after its command was shown: nothing was trusted/,
      );
      expect((await service.listServers()).every((s) => s.trustRequired)).toBe(true);
    } finally {
      await host.shutdown();
    }
  });

  it('a shell that confirms each launch natively but not a list: said so, nothing trusted', async () => {
    const { host, service, asShown } = await untrustedFour({ confirmLaunch: async () => true });
    try {
      await expect(service.trustServers([asShown('e2'), asShown('e3')])).rejects.toThrow(/one by one/);
      expect((await service.listServers()).every((s) => s.trustRequired)).toBe(true);
    } finally {
      await host.shutdown();
    }
  });

  it('the person says no in the shell’s own dialog: nothing trusted, and the refusal (with the launch shown) recorded', async () => {
    const { host, service, asShown } = await untrustedFour({ confirmLaunches: async () => false });
    try {
      expect(await service.trustServers([asShown('e2'), asShown('e3')])).toEqual({ trusted: [] });
      await host.activity.flush();
      const { entries } = await readActivity(path.join(home, 'activity'));
      expect(entries.flatMap((e) => (e.kind === 'trust' ? [[e.server, e.given, e.launch]] : []))).toEqual([
        ['e2', false, `${process.execPath} ${EVERYTHING_ENTRY} stdio`],
        ['e3', false, `${process.execPath} ${EVERYTHING_ENTRY} stdio`],
      ]);
    } finally {
      await host.shutdown();
    }
  });
});
