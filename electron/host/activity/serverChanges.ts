import type { ActivityBody, ServerOrigin } from '../../../shared/host/activity';
import type { LaunchSummary } from '../../../shared/host/serverView';
import { canonicalJson } from '../canonicalJson';
import { parseConfig, targetOf } from '../config/serverConfig';
import { readOrigin } from '../install/registry/registryOrigin';

/** A launch in one line, as the trust entry keeps it: command, arguments, folder, the variables it sets (by name). */
export function launchText({ command, args, cwd, env }: LaunchSummary): string {
  const names = env.map((e) => e.name);
  return `${[command, ...args].join(' ')}${cwd ? ` in ${cwd}` : ''}${names.length ? ` with ${names.join(', ')} set` : ''}`;
}

const text = (raw: unknown) => (raw === undefined ? '' : canonicalJson(raw));
const withoutDisabled = (raw: unknown) => {
  const { disabled: _, ...rest } = (raw ?? {}) as Record<string, unknown>;
  return text(rest);
};

/**
 * What one save of config.json did to each server, as activity entries: added, removed, changed, or
 * only enabled or disabled — with what it runs or where it is (`redact`ed) and where it came from (a
 * registry entry's name and version, read from the server itself when the origin does not say).
 */
export function serverChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  origin: ServerOrigin,
  redact: (text: string) => string,
): ActivityBody[] {
  const out: ActivityBody[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, now] = [before[name], after[name]];
    if (text(was) === text(now)) continue;
    const change =
      was === undefined
        ? 'added'
        : now === undefined
          ? 'removed'
          : withoutDisabled(was) !== withoutDisabled(now)
            ? 'changed'
            : (now as { disabled?: unknown }).disabled === true
              ? 'disabled'
              : 'enabled';
    const raw = (now ?? was) as Record<string, unknown>;
    const config = parseConfig({ mcpServers: { [name]: raw } }).servers[0];
    const fromRegistry = readOrigin(raw);
    const detail =
      origin.detail ?? (fromRegistry ? `${fromRegistry.name}@${fromRegistry.version}` : undefined);
    out.push({
      kind: 'server',
      server: name,
      change,
      via: origin.via,
      ...(config ? { target: redact(targetOf(config)) } : {}),
      ...(detail ? { detail } : {}),
    });
  }
  return out;
}
