// The flags of `install FILE`: the server's name, its bundle settings given on the command line or by
// the name of an environment variable (how a secret is given, never as a value on the command line),
// and --yes for scripts.
import { serverId } from '../../shared/ipc/argumentSchemas';
import { UsageError } from './usageError';

export interface InstallFlags {
  /** The server's name in config.json (default: the one the app suggests from the manifest). */
  name: string | undefined;
  /** `--set KEY=VALUE`: a setting's values, as typed (the bundle's form checks them); repeated for several folders or files. */
  values: Record<string, string[]>;
  /** `--set-env KEY=VAR`: a setting's value read from an environment variable (a secret's way in). */
  fromEnv: Record<string, string>;
  /** `--yes`: add it without asking. */
  yes: boolean;
}

export const emptyInstallFlags = (): InstallFlags => ({
  name: undefined,
  values: {},
  fromEnv: {},
  yes: false,
});

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Splits KEY=VALUE at its first `=`; the key must be a setting's name (nothing empty). */
function keyValue(flag: string, text: string, valueName: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag} takes KEY=${valueName}, not ${JSON.stringify(text)}`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

/**
 * Reads one install flag into `flags`; false when `arg` is not one. `value` takes the flag's value
 * (a usage error when there is none).
 */
export function readInstallFlag(arg: string, value: () => string, flags: InstallFlags): boolean {
  switch (arg) {
    case '--name': {
      const name = value();
      if (!serverId.safeParse(name).success)
        throw new UsageError(`--name takes a server name of 1 to 256 characters`);
      flags.name = name;
      return true;
    }
    case '--set': {
      const [key, v] = keyValue('--set', value(), 'VALUE');
      if (Object.hasOwn(flags.fromEnv, key)) throw new UsageError(`${key} is given twice`);
      flags.values[key] = [...(flags.values[key] ?? []), v];
      return true;
    }
    case '--set-env': {
      const [key, variable] = keyValue('--set-env', value(), 'VAR');
      if (!ENV_NAME.test(variable))
        throw new UsageError(
          `--set-env takes KEY=VAR, VAR the name of an environment variable, not ${JSON.stringify(variable)}`,
        );
      if (Object.hasOwn(flags.values, key) || Object.hasOwn(flags.fromEnv, key))
        throw new UsageError(`${key} is given twice`);
      flags.fromEnv[key] = variable;
      return true;
    }
    case '--yes':
      flags.yes = true;
      return true;
    default:
      return false;
  }
}

/** Whether any install flag was given (they are for `install` only). */
export const hasInstallFlags = (flags: InstallFlags): boolean =>
  flags.name !== undefined ||
  flags.yes ||
  Object.keys(flags.values).length > 0 ||
  Object.keys(flags.fromEnv).length > 0;
