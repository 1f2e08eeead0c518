import type { LaunchEnv, LaunchSummary } from './serverView';

/**
 * An argument as a POSIX shell would need it written: plain when safe, else single-quoted; controls,
 * format characters (bidi overrides, zero-width…), private-use characters and line breaks are written
 * as \u{…} escapes so that a native dialog, which renders text as is, shows what really runs.
 */
export function quoteArg(arg: string): string {
  if (arg !== '' && /^[\w@%+=:,./-]+$/.test(arg)) return arg;
  return `'${escapeInvisible(arg.replaceAll("'", `'\\''`))}'`;
}

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u;
/** Invisible code points outside those categories: fillers, joiners, variation selectors. */
const INVISIBLE_RANGES: [number, number][] = [
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x180b, 0x180f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xffa0, 0xffa0],
  [0xe0100, 0xe01ef],
];

function escapeInvisible(text: string): string {
  return Array.from(text, (c) => {
    const code = c.codePointAt(0)!;
    const hidden = CONTROL_OR_FORMAT.test(c) || INVISIBLE_RANGES.some(([a, b]) => code >= a && code <= b);
    return hidden ? `\\u{${code.toString(16).toUpperCase()}}` : c;
  }).join('');
}

/** The exact command line a trust prompt shows, quoted so that spaces inside arguments are visible. */
export function commandLine(launch: Pick<LaunchSummary, 'command' | 'args'>): string {
  return [launch.command, ...launch.args].map(quoteArg).join(' ');
}

/** One env variable as a trust prompt shows it: `NAME=value` (quoted as above), or a stored secret. */
export function envLine(env: LaunchEnv): string {
  return 'secret' in env ? `${env.name} = (a stored secret)` : `${env.name}=${quoteArg(env.value)}`;
}

/** Everything a person confirms before a local server runs: command, folder, environment. */
export function launchDetail(launch: LaunchSummary): string {
  return [
    commandLine(launch),
    launch.cwd ? `in ${launch.cwd}` : undefined,
    launch.env.length > 0
      ? `with environment variables:\n${launch.env.map((e) => `  ${envLine(e)}`).join('\n')}`
      : 'with no environment variables of its own',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}
