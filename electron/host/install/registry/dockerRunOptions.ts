// What a registry entry's runtime arguments may tell `docker run`. The container is where the pinned
// image's code is kept; options that take that away — privileges, capabilities and devices of this
// computer, its network, process, IPC, user or cgroup namespaces, relaxed confinement, its files
// mounted in, another container's volumes or network, the Docker daemon itself — are refused, as are
// options whose meaning Switchboard does not know (a word it cannot place would be read as the image).
// Named volumes (Docker's own storage, such as a database's files) are allowed, without driver
// options (which can bind any folder); a folder of this computer is mounted only when the person
// chooses it: its source is a value they fill in, never the entry's, and never the whole disk, the
// system's own folders or a socket.
import { changesLaunch } from '../../config/launchChangingEnv';
import { dockerMountFields } from './dockerMountFields';
import { holdsPlaceholder, isPlaceholder, type LaunchStage, type LaunchWord, quoted } from './launchWord';

type Check = (value: string, stage: LaunchStage) => string | undefined;

const refused =
  (reason: string): Check =>
  () =>
    reason;
const allowed: Check = () => undefined;

/** `host` and `container:<name>` share this computer's, or another container's, namespace. */
const namespace =
  (what: string): Check =>
  (value) =>
    /^host$/i.test(value)
      ? `shares this computer's ${what} with the container`
      : /^container:/i.test(value)
        ? `shares another container's ${what} with this one`
        : undefined;

const securityOpt: Check = (value) =>
  /^no-new-privileges(?:[=:]true)?$/.test(value)
    ? undefined
    : 'changes the confinement Docker keeps the container in (only no-new-privileges may be given)';

const envOption: Check = (value) => {
  const name = value.split('=')[0]!;
  return changesLaunch(name)
    ? `sets ${name} in the container, which changes what its code runs or loads`
    : undefined;
};

const publish: Check = (value) =>
  /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]):/.test(value)
    ? undefined
    : 'publishes a port of the container on every network this computer is on (a port bound to 127.0.0.1 may be given)';

/** Sources that are never mounted, even when the person types them. */
function sensitiveSource(source: string): string | undefined {
  const path = source.replace(/\\/g, '/').replace(/(.)\/+$/, '$1');
  if (!/^\/|^[A-Za-z]:\//.test(path)) return 'is not an absolute path of a folder on this computer';
  if (/^\/$|^[A-Za-z]:\/?$/.test(path)) return 'is the whole disk of this computer';
  if (/\.sock$|^\/\/\.\/pipe\//i.test(path))
    return 'is a socket of this computer (the Docker socket is control of it)';
  if (/^\/(?:proc|sys|dev|run|var\/run|etc|boot)(?:\/|$)/.test(path))
    return "is one of the system's own folders";
  return undefined;
}

/** A host folder mounted: at the declared stage its source must be the person's value alone. */
function hostSource(source: string, stage: LaunchStage): string | undefined {
  if (stage === 'declared')
    return isPlaceholder(source)
      ? undefined
      : holdsPlaceholder(source)
        ? `mounts ${quoted(source)}, a folder of this computer only partly chosen by you`
        : `mounts ${quoted(source)} of this computer into the container; a folder is mounted only when you choose it`;
  // Nothing typed yet: the form names the missing value.
  if (source === '') return undefined;
  const problem = sensitiveSource(source);
  return problem ? `mounts ${quoted(source)}, which ${problem}` : undefined;
}

/** `-v source:target[:options]`: a named volume, an anonymous one (`/data`), or a host folder. */
const volume: Check = (value, stage) => {
  const windowsDrive = /^[A-Za-z]:[\\/]/.test(value) ? 2 : 0;
  const colon = value.indexOf(':', windowsDrive);
  if (colon < 0) return undefined;
  const source = value.slice(0, colon);
  if (/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(source)) return undefined;
  return hostSource(source, stage);
};

/**
 * `--mount type=…,source=…,target=…`, read as Docker reads it (dockerMountFields: CSV, a key given
 * twice refused); the type is a volume unless it says otherwise.
 */
const mount: Check = (value, stage) => {
  const read = dockerMountFields(value);
  if (!read.ok) return read.problem;
  const text = (key: string) => {
    const field = read.fields.get(key);
    return field === true ? 'true' : field;
  };
  if (read.fields.has('volume-opt') || read.fields.has('volume-driver'))
    return 'gives the volume driver options, which can mount any folder of this computer';
  // Docker lower-cases the type (opts/mount.go).
  const type = text('type')?.toLowerCase() ?? 'volume';
  const source = text('source') ?? '';
  if (type === 'volume' || type === 'tmpfs' || type === 'image') return undefined;
  if (type === 'bind' || (stage === 'declared' && holdsPlaceholder(type))) return hostSource(source, stage);
  return `mounts a ${quoted(type)} of this computer into the container`;
};

const bool =
  (reason: string): Check =>
  (value) =>
    value === 'false' ? undefined : reason;

const DAEMON = 'hands the container the Docker daemon, which is control of this computer';
const DEVICE = 'hands the container a device of this computer';

/** Every option of `docker run` (Docker 28): takes a value, and what is allowed of it. */
const VALUED: Record<string, Check> = {
  'add-host': allowed,
  annotation: allowed,
  attach: allowed,
  'blkio-weight': allowed,
  'blkio-weight-device': allowed,
  'cap-add': refused('gives the container more of the kernel’s privileges'),
  'cap-drop': allowed,
  'cgroup-parent': refused('moves the container into another control group of this computer'),
  cgroupns: namespace('control groups'),
  cidfile: refused('writes a file on this computer'),
  'cpu-count': allowed,
  'cpu-percent': allowed,
  'cpu-period': allowed,
  'cpu-quota': allowed,
  'cpu-rt-period': allowed,
  'cpu-rt-runtime': allowed,
  'cpu-shares': allowed,
  cpus: allowed,
  'cpuset-cpus': allowed,
  'cpuset-mems': allowed,
  'detach-keys': allowed,
  device: refused(DEVICE),
  'device-cgroup-rule': refused(DEVICE),
  'device-read-bps': allowed,
  'device-read-iops': allowed,
  'device-write-bps': allowed,
  'device-write-iops': allowed,
  dns: allowed,
  'dns-option': allowed,
  'dns-search': allowed,
  domainname: allowed,
  entrypoint: allowed,
  env: envOption,
  'env-file': refused('reads a file of this computer into the container'),
  expose: allowed,
  gpus: refused(DEVICE),
  'group-add': allowed,
  'health-cmd': allowed,
  'health-interval': allowed,
  'health-retries': allowed,
  'health-start-interval': allowed,
  'health-start-period': allowed,
  'health-timeout': allowed,
  hostname: allowed,
  ip: allowed,
  ip6: allowed,
  ipc: namespace('shared memory'),
  isolation: refused('changes how the container is isolated from this computer'),
  label: allowed,
  'label-file': refused('reads a file of this computer into the container'),
  link: refused('reaches into another container'),
  'link-local-ip': allowed,
  'log-driver': allowed,
  'log-opt': allowed,
  'mac-address': allowed,
  memory: allowed,
  'memory-reservation': allowed,
  'memory-swap': allowed,
  'memory-swappiness': allowed,
  mount,
  name: allowed,
  network: namespace('network'),
  'network-alias': allowed,
  'oom-score-adj': allowed,
  pid: namespace('processes'),
  'pids-limit': allowed,
  platform: allowed,
  publish,
  pull: allowed,
  restart: allowed,
  runtime: refused('runs the container with another runtime than Docker’s own'),
  'security-opt': securityOpt,
  'shm-size': allowed,
  'stop-signal': allowed,
  'stop-timeout': allowed,
  'storage-opt': allowed,
  sysctl: allowed,
  tmpfs: allowed,
  ulimit: allowed,
  user: allowed,
  userns: namespace('user namespace'),
  uts: namespace('host name'),
  volume,
  'volume-driver': refused('gives volumes another driver, which can mount any folder of this computer'),
  'volumes-from': refused('mounts another container’s volumes'),
  workdir: allowed,
};
const ALIASES: Record<string, string> = { net: 'network', 'net-alias': 'network-alias' };
const SWITCHES: Record<string, Check> = {
  detach: allowed,
  'disable-content-trust': allowed,
  init: allowed,
  interactive: allowed,
  'no-healthcheck': allowed,
  'oom-kill-disable': allowed,
  privileged: bool('gives the container every privilege of this computer'),
  'publish-all': bool('publishes every port of the container on every network this computer is on'),
  quiet: allowed,
  'read-only': allowed,
  rm: allowed,
  'sig-proxy': allowed,
  tty: allowed,
  'use-api-socket': bool(DAEMON),
};
const SHORT: Record<string, string> = {
  a: 'attach',
  c: 'cpu-shares',
  d: 'detach',
  e: 'env',
  h: 'hostname',
  i: 'interactive',
  l: 'label',
  m: 'memory',
  P: 'publish-all',
  p: 'publish',
  q: 'quiet',
  t: 'tty',
  u: 'user',
  v: 'volume',
  w: 'workdir',
};

/** `-it`, `-v/x:/y`, `-v=/x:/y`, `-e NAME`: one short word as the options it holds (pflag's reading). */
function shortOptions(text: string): { name: string; inline?: string }[] | undefined {
  const found: { name: string; inline?: string }[] = [];
  for (let j = 1; j < text.length; j++) {
    const name = SHORT[text[j]!];
    if (!name) return undefined;
    if (Object.hasOwn(VALUED, name)) {
      const rest = text.slice(j + 1).replace(/^=/, '');
      found.push(rest ? { name, inline: rest } : { name });
      return found;
    }
    found.push({ name });
  }
  return found;
}

/**
 * Why the runtime arguments `words` (between `docker run -i --rm` and the pinned image) may not be
 * given, one problem per word; none when they may.
 */
export function dockerRunProblems(words: readonly LaunchWord[], stage: LaunchStage): string[] {
  const problems: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const { text, where } = words[i]!;
    const eq = text.indexOf('=');
    const options = text.startsWith('--')
      ? [
          {
            name: ALIASES[text.slice(2, eq > 0 ? eq : undefined)] ?? text.slice(2, eq > 0 ? eq : undefined),
            ...(eq > 0 ? { inline: text.slice(eq + 1) } : {}),
          },
        ]
      : text.startsWith('-') && text.length > 1
        ? shortOptions(text)
        : undefined;
    if (!options || text === '--') {
      problems.push(
        `${where}: ${quoted(text)} ${text.startsWith('-') ? 'is not an option of docker run that Switchboard knows' : 'would be read by docker as the image to run, in place of the one the entry pins'}`,
      );
      continue;
    }
    for (const { name, inline } of options) {
      const valued = Object.hasOwn(VALUED, name) ? VALUED[name] : undefined;
      const check = valued ?? (Object.hasOwn(SWITCHES, name) ? SWITCHES[name] : undefined);
      if (!check) {
        problems.push(
          `${where}: ${quoted(`--${name}`)} is not an option of docker run that Switchboard knows`,
        );
        continue;
      }
      const value = valued ? (inline ?? words[++i]?.text) : (inline ?? 'true');
      if (value === undefined) {
        problems.push(`${where}: ${quoted(`--${name}`)} needs a value`);
        continue;
      }
      // A namespace or a flag the person fills in is judged once filled; a mount's source is judged now.
      if (stage === 'declared' && isPlaceholder(value) && name !== 'volume' && name !== 'mount') continue;
      const problem = check(value, stage);
      if (problem) problems.push(`${where}: --${name} ${quoted(value)} ${problem}`);
    }
  }
  return problems;
}
