// What a bundle's manifest may tell node (the Node that runs Switchboard) before its script. Node has
// well over a hundred options and gains more with each release; some load code (`--import`, a test
// reporter, a loader), some run other files (`--test` runs every positional as a test file), some read
// options or data from elsewhere. A list of the dangerous ones was walked around twice, so this is the
// other list: the options known only to switch a warning, a feature or a limit. Anything else is
// refused, naming it — and the classic code-loading options with why.
import { checkScript, inlineCode, outsideBundle } from './bundlePaths';

/** What an option's value must be, said back to the person when it is not. */
interface ValueRule {
  valid: (value: string) => boolean;
  takes: string;
  /** V8's options are read only as `--name=value`: Node takes `--name value` as a bad option. */
  joinedOnly?: boolean;
}

const number = (joinedOnly = false): ValueRule => ({
  valid: (v) => /^\d{1,9}$/.test(v),
  takes: 'a number',
  ...(joinedOnly ? { joinedOnly } : {}),
});
const oneOf = (...values: string[]): ValueRule => ({
  valid: (v) => values.includes(v),
  takes: `one of ${values.join(', ')}`,
});
const CONDITION: ValueRule = {
  valid: (v) => /^[A-Za-z0-9][\w.-]*$/.test(v),
  takes: 'the name of an export condition (development, production, …)',
};

/** Options that only switch a warning, a feature, a check or a limit. */
const FLAGS = new Set([
  '--no-warnings',
  '--no-deprecation',
  '--throw-deprecation',
  '--trace-deprecation',
  '--pending-deprecation',
  '--trace-warnings',
  '--trace-uncaught',
  '--enable-source-maps',
  '--abort-on-uncaught-exception',
  '--frozen-intrinsics',
  '--zero-fill-buffers',
  '--jitless',
  '--no-addons',
  '--no-global-search-paths',
  '--tls-min-v1.2',
  '--tls-min-v1.3',
  // Experimental language and runtime features, each switched on or off by name; none names a file.
  '--experimental-vm-modules',
  '--experimental-wasm-modules',
  '--experimental-require-module',
  '--no-experimental-require-module',
  '--experimental-detect-module',
  '--no-experimental-detect-module',
  '--experimental-strip-types',
  '--no-experimental-strip-types',
  '--experimental-transform-types',
  '--experimental-sqlite',
  '--no-experimental-sqlite',
  '--experimental-websocket',
  '--no-experimental-websocket',
  '--experimental-eventsource',
  '--no-experimental-fetch',
  '--no-experimental-global-navigator',
]);

/** Options with a value, and what the value must be. */
const VALUED = new Map<string, ValueRule>([
  ['--max-old-space-size', number(true)],
  ['--max-semi-space-size', number(true)],
  ['--stack-size', number(true)],
  ['--max-http-header-size', number()],
  ['--v8-pool-size', number()],
  ['--unhandled-rejections', oneOf('strict', 'warn', 'none', 'throw', 'warn-with-error-code')],
  ['--dns-result-order', oneOf('ipv4first', 'ipv6first', 'verbatim')],
  [
    '--disable-warning',
    {
      valid: (v) => /^[A-Za-z][\w-]*$/.test(v),
      takes: 'a warning code or type (DEP0040, ExperimentalWarning)',
    },
  ],
  ['--title', { valid: (v) => v !== '', takes: 'a process title' }],
  ['-C', CONDITION],
  ['--conditions', CONDITION],
]);

/** The options that load or run code from elsewhere, refused with why (a clearer word than "unknown"). */
const WHY_NOT = new Map<string, string>([
  ...['-r', '--require', '--import', '--loader', '--experimental-loader'].map(
    (o) => [o, 'loads code before its script'] as const,
  ),
  ...[
    '--inspect',
    '--inspect-brk',
    '--inspect-brk-node',
    '--inspect-wait',
    '--inspect-port',
    '--debug-port',
  ].map((o) => [o, "opens Node's debugger, through which whoever reaches it can run code"] as const),
  ...[
    '--env-file',
    '--env-file-if-exists',
    '--experimental-config-file',
    '--experimental-default-config-file',
  ].map((o) => [o, 'reads options from a file, which can load code (NODE_OPTIONS)'] as const),
  ['--run', 'runs a command of package.json in a shell'],
  ['--openssl-config', 'loads an OpenSSL configuration, which can load libraries'],
  ['--experimental-network-imports', 'lets modules be imported from the network'],
  ...['--snapshot-blob', '--build-snapshot', '--build-snapshot-config', '--experimental-sea-config'].map(
    (o) => [o, 'starts from a snapshot instead of its script'] as const,
  ),
]);
const INLINE = new Set(['-e', '--eval', '-p', '--print', '-pe', '-i', '--interactive']);

/** Node reads `--a_b` as `--a-b` (its options accept underscores for dashes). */
const nodeName = (name: string) => (name.startsWith('--') ? `--${name.slice(2).replaceAll('_', '-')}` : name);

const notAllowed = (arg: string) =>
  outsideBundle(
    `starts node with ${arg}, which is not among the options a bundle may give it (those that only switch a warning, a feature or a limit, such as --no-warnings, --enable-source-maps, --max-old-space-size=N)`,
  );

/** Checks node's arguments: allowed options only, then a script the bundle holds; the rest is the script's. */
export function checkNodeArgs(dir: string, args: string[]): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const script = arg === '--' ? args[i + 1] : !arg.startsWith('-') || arg === '-' ? arg : undefined;
    if (script !== undefined) {
      checkScript(dir, script, 'node');
      return;
    }
    if (arg === '--') break;
    const joined = /^(--?[^=]+)=(.*)$/s.exec(arg);
    const name = nodeName(joined ? joined[1]! : arg);
    if (INLINE.has(name)) throw inlineCode(arg);
    const why = WHY_NOT.get(name);
    if (why) throw outsideBundle(`${why} (${arg})`);
    if (FLAGS.has(name)) {
      if (joined) throw outsideBundle(`starts node with ${arg}: ${name} takes no value`);
      continue;
    }
    const rule = VALUED.get(name);
    if (!rule) throw notAllowed(arg);
    const value = joined ? joined[2]! : args[++i];
    if (value === undefined) throw outsideBundle(`starts node with ${arg} and no value after it`);
    if ((rule.joinedOnly && !joined) || !rule.valid(value))
      throw outsideBundle(
        `starts node with ${joined ? arg : `${arg} ${value}`}: ${name} takes ${rule.takes}${rule.joinedOnly ? `, written ${name}=N` : ''}`,
      );
  }
  throw outsideBundle('starts node with no script from the bundle');
}
