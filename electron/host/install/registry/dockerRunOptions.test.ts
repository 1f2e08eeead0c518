// A registry entry's `docker run` options as Docker itself reads them. The attack of the second run on
// issue 47 (finding 2): `--mount "type=bind",source=/,target=/host` and
// `--mount type=volume,type=bind,source=/,target=/host` were judged as volumes — the value split on
// commas, its first `type=` taken — while the real docker CLI reads the value as CSV (quotes removed)
// and keeps the last `type=`, and sent the daemon a bind mount of the whole disk. Here the real CLI
// talks to a stand-in daemon that records what it was asked to create.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeDockerDaemon,
  startFakeDockerDaemon,
} from '../../../../e2e/fixtures/docker/fakeDockerDaemon';
import { buildDraft, type InstallDraft } from './buildDraft';
import { dockerRunProblems } from './dockerRunOptions';
import type { Argument, ServerJson } from './serverJson';

let daemon: FakeDockerDaemon;
let home: string;
beforeAll(async () => {
  daemon = await startFakeDockerDaemon();
  home = await mkdtemp(path.join(tmpdir(), 'sb-docker-home-'));
});
afterAll(async () => {
  await daemon?.close();
  await rm(home, { recursive: true, force: true });
});

/** Runs the real docker CLI against the stand-in daemon; resolves with what it printed, on exit. */
function docker(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('docker', [...args], {
      env: { PATH: process.env.PATH, HOME: home, DOCKER_HOST: daemon.host, DOCKER_CONFIG: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

const image = (runtimeArguments: Argument[]): ServerJson => ({
  name: 'io.github.acme/weather',
  description: 'Weather',
  version: '1.0.0',
  packages: [
    {
      registryType: 'oci',
      identifier: 'ghcr.io/acme/weather',
      version: '1.0.0',
      transport: { type: 'stdio' },
      runtimeArguments,
    },
  ],
});
const install = (server: ServerJson): InstallDraft =>
  buildDraft(
    { server, registryUrl: 'https://registry.modelcontextprotocol.io' },
    'packages/0',
    {},
    { name: 'weather' },
  );
const mount = (value: string): Argument => ({ type: 'named', name: '--mount', value });
const reasons = (draft: InstallDraft) => (draft.ok ? [] : draft.problems.map((p) => p.message));

const QUOTED = '"type=bind",source=/,target=/host';
const TWICE = 'type=volume,type=bind,source=/,target=/host';

describe('--mount as the real docker CLI reads it (a stand-in daemon records the request)', () => {
  it('the fixture is real: docker reads a quoted type, and the last of two, as a bind mount of /', async () => {
    for (const value of [QUOTED, TWICE]) {
      const before = daemon.creates.length;
      await docker(['run', '-i', '--rm', '--mount', value, 'ghcr.io/acme/weather:1.0.0']);
      expect(daemon.creates.slice(before), value).toEqual([
        {
          image: 'ghcr.io/acme/weather:1.0.0',
          mounts: [{ Type: 'bind', Source: '/', Target: '/host' }],
          binds: [],
        },
      ]);
    }
  }, 60_000);

  it('an entry that mounts / through a quoted or a repeated type is refused, and docker is never asked', async () => {
    const before = daemon.creates.length;
    for (const value of [QUOTED, TWICE]) {
      const draft = install(image([mount(value)]));
      if (draft.ok && draft.kind === 'server' && draft.config.kind === 'stdio')
        await docker(draft.config.args);
      expect(draft.ok, value).toBe(false);
    }
    expect(daemon.creates.slice(before)).toEqual([]);
    expect(reasons(install(image([mount(QUOTED)])))).toEqual([
      'packages/0/runtimeArguments/0 (--mount): --mount "\\"type=bind\\",source=/,target=/host" mounts "/" of this computer into the container; a folder is mounted only when you choose it',
    ]);
    expect(reasons(install(image([mount(TWICE)])))).toEqual([
      'packages/0/runtimeArguments/0 (--mount): --mount "type=volume,type=bind,source=/,target=/host" gives "type" twice (Docker would use the last): a mount names each of its fields once',
    ]);
  }, 60_000);

  it('what the check allows, docker reads as the volume it was judged to be', async () => {
    const value = '"type=volume",src=weather-data,dst=/data,"volume-label=a=""b"""';
    expect(reasons(install(image([mount(value)])))).toEqual([]);
    const before = daemon.creates.length;
    await docker(['run', '-i', '--rm', '--mount', value, 'ghcr.io/acme/weather:1.0.0']);
    expect(daemon.creates.slice(before).map((c) => c.mounts)).toEqual([
      [expect.objectContaining({ Type: 'volume', Source: 'weather-data', Target: '/data' })],
    ]);
  }, 60_000);
});

describe('dockerRunProblems: --mount read as Docker reads CSV', () => {
  const judge = (value: string) =>
    dockerRunProblems(
      [
        { text: '--mount', where: 'here' },
        { text: value, where: 'here' },
      ],
      'filled',
    );

  it('quoted fields are read as their text, escaped quotes as one quote', () => {
    expect(judge('"type=bind",src=/,dst=/host').join()).toMatch(/mounts "\/", which is the whole disk/);
    expect(judge('type="bind",src=/,dst=/host').join()).toMatch(/cannot be read as Docker reads it/);
    expect(judge('"TYPE=BIND","src=/",dst=/host').join()).toMatch(/mounts "\/", which is the whole disk/);
    expect(judge('type=bind,"src=/home/me/a,b",dst=/p')).toEqual([]);
    expect(judge('"type=volume","src=data",dst=/d')).toEqual([]);
  });

  it('any field given twice is refused, in any of its spellings', () => {
    for (const value of [
      'type=volume,type=bind,src=/,dst=/h',
      'type=volume,TYPE=volume,dst=/h',
      'type=volume,src=a,source=b,dst=/h',
      'type=volume,dst=/a,target=/b',
      'type=volume,destination=/a,dst=/b',
      'type=volume,ro,readonly=false,dst=/a',
    ])
      expect(judge(value).join(), value).toMatch(/twice \(Docker would use the last\)/);
  });

  it('what Docker would read otherwise or not at all is refused, saying why', () => {
    const cases: [string, RegExp][] = [
      ['type=bi"nd,src=/,dst=/h', /a quote inside an unquoted field/],
      ['"type=bind"x,src=/,dst=/h', /text after the closing quote/],
      ['"type=bind,src=/,dst=/h', /a quote it never closes/],
      ['type=volume\ntype=bind,src=/,dst=/h', /a line break or another control character/],
      ['type=volume,,dst=/h', /an empty field/],
      ['type=volume,dst=/h,', /an empty field/],
      ['', /is empty/],
      [' type=bind,src=/,dst=/h', /names " type", which is not a field of a mount that Switchboard knows/],
      ['type=volume,mystery=1,dst=/h', /"mystery", which is not a field/],
      ['type=volume,src,dst=/h', /gives "src" without a value/],
      ['type=volume,src=x,dst=/h,volume-opt=device=/', /volume driver options/],
      ['type=volume,src=x,dst=/h,volume-driver=local', /volume driver options/],
      ['type=npipe,src=x,dst=/h', /mounts a "npipe" of this computer/],
    ];
    for (const [value, why] of cases) expect(judge(value).join(), JSON.stringify(value)).toMatch(why);
  });

  it('allows volumes, tmpfs, images and a chosen folder, with their options', () => {
    for (const value of [
      'type=volume,src=data,dst=/data,ro,volume-nocopy,volume-subpath=x,volume-label=a=b',
      'type=tmpfs,dst=/tmp,tmpfs-size=64m,tmpfs-mode=1770',
      'type=image,src=acme/data:1,dst=/d,image-subpath=x',
      'type=bind,src=/home/me/project,dst=/p,readonly=true,bind-propagation=rprivate,bind-recursive=disabled',
      'dst=/anonymous',
    ])
      expect(judge(value), value).toEqual([]);
  });
});
