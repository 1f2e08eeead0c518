import type { LaunchSummary } from './serverView';

/** An argument as a POSIX shell would need it written: plain when safe, else single-quoted. */
export function quoteArg(arg: string): string {
  if (arg !== '' && /^[\w@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** The exact command line a trust prompt shows, quoted so that spaces inside arguments are visible. */
export function commandLine(launch: Pick<LaunchSummary, 'command' | 'args'>): string {
  return [launch.command, ...launch.args].map(quoteArg).join(' ');
}

/** Everything a person confirms before a local server first runs: command, folder, env names. */
export function launchDetail(launch: LaunchSummary): string {
  return [
    commandLine(launch),
    launch.cwd ? `in ${launch.cwd}` : undefined,
    `environment variables: ${launch.envNames.length > 0 ? launch.envNames.join(', ') : 'none of its own'}`,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}
