// The flags of a confined one-off run: `--sandbox`, and what it may reach beyond the app's defaults —
// `--allow-write DIR` and `--allow-domain HOST`, each repeatable. The rules themselves are the host's
// (electron/host/sandbox): these flags only fill in a server's `sandbox` block as config.json would.
import path from 'node:path';
import { UsageError } from './usageError';

export interface SandboxFlags {
  /** `--sandbox`: run the --stdio server confined. */
  enabled: boolean;
  /** Folders it may write besides its own, absolute (made so from the working folder). */
  allowWrite: string[];
  /** Host names it may reach besides its launcher's registry. */
  allowDomains: string[];
}

export const emptySandboxFlags = (): SandboxFlags => ({ enabled: false, allowWrite: [], allowDomains: [] });

// What the runtime takes as a domain: a host name, `*.` before one, a port after one. A URL or a path
// would be read as a name nothing is ever called, and the server would be refused with no clue why.
const HOST = /^(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/;

/**
 * Reads one sandbox flag into `flags`; false when `arg` is not one. `value` takes the flag's value
 * (a usage error when there is none).
 */
export function readSandboxFlag(arg: string, value: () => string, flags: SandboxFlags): boolean {
  switch (arg) {
    case '--sandbox':
      flags.enabled = true;
      return true;
    case '--allow-write': {
      const dir = value();
      if (!dir.trim()) throw new UsageError('--allow-write takes a folder');
      flags.allowWrite.push(path.resolve(dir));
      return true;
    }
    case '--allow-domain': {
      const host = value();
      if (!HOST.test(host))
        throw new UsageError(
          `--allow-domain takes a host name (api.example.com, *.example.com, host:8443), not ${JSON.stringify(host)}`,
        );
      flags.allowDomains.push(host.toLowerCase());
      return true;
    }
    default:
      return false;
  }
}

/** The usage error for sandbox flags given where they do nothing, or undefined. */
export function sandboxFlagsProblem(
  flags: SandboxFlags,
  stdio: boolean,
  subcommand: string | undefined,
): string | undefined {
  const given = [
    ...(flags.enabled ? ['--sandbox'] : []),
    ...(flags.allowWrite.length > 0 ? ['--allow-write'] : []),
    ...(flags.allowDomains.length > 0 ? ['--allow-domain'] : []),
  ];
  if (given.length === 0) return undefined;
  if (!flags.enabled) return `${given.join(' and ')} ${given.length > 1 ? 'need' : 'needs'} --sandbox`;
  // chat without --stdio runs the servers of config.json, each confined as its "sandboxEnabled" says.
  if (!stdio)
    return `${given.join(', ')}: only a --stdio server is confined by flags${subcommand === 'chat' ? ' (the servers of config.json: by their "sandboxEnabled")' : ''}`;
  return undefined;
}
