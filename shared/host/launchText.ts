import { escapeInvisible } from './invisible';
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

/** The exact command line a trust prompt shows, quoted so that spaces inside arguments are visible. */
export function commandLine(launch: Pick<LaunchSummary, 'command' | 'args'>): string {
  return [launch.command, ...launch.args].map(quoteArg).join(' ');
}

/** One env variable as a trust prompt shows it: `NAME=value` (quoted as above), or a stored secret. */
function envLine(env: LaunchEnv): string {
  // The name too: a line break or a bidi override in it would draw a line the dialog does not hold.
  const name = quoteArg(env.name);
  return 'secret' in env ? `${name} = (a stored secret)` : `${name}=${quoteArg(env.value)}`;
}

/** Everything a person confirms before a local server runs: command, folder, environment. */
export function launchDetail(launch: LaunchSummary): string {
  return [
    commandLine(launch),
    launch.cwd ? `in ${quoteArg(launch.cwd)}` : undefined,
    launch.env.length > 0
      ? `with environment variables:\n${launch.env.map((e) => `  ${envLine(e)}`).join('\n')}`
      : 'with no environment variables of its own',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}
