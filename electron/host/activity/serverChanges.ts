import { createHash } from 'node:crypto';
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

/**
 * One server as the record compares it: a digest of its entry (leaving out whether it is disabled),
 * whether it is disabled, what it runs or where it is (redacted) and where it came from. Never the
 * entry itself: config.json may hold a token, and what was seen is kept in a file of its own.
 */
export interface SeenServer {
  digest: string;
  disabled: boolean;
  target?: string;
  /** The registry entry it came from (name@version). */
  from?: string;
}

/** Every server of config.json's `mcpServers` as the record compares it. */
export function seenServers(
  servers: Record<string, unknown>,
  redact: (text: string) => string,
): Record<string, SeenServer> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, raw]) => {
      const { disabled, ...rest } = (raw ?? {}) as Record<string, unknown>;
      const config = parseConfig({ mcpServers: { [name]: raw } }).servers[0];
      const origin = readOrigin((raw ?? {}) as Record<string, unknown>);
      const seen: SeenServer = {
        digest: createHash('sha256').update(canonicalJson(rest)).digest('hex'),
        disabled: disabled === true,
        ...(config ? { target: redact(targetOf(config)) } : {}),
        ...(origin ? { from: `${origin.name}@${origin.version}` } : {}),
      };
      return [name, seen];
    }),
  );
}

/**
 * What a change to config.json did to each server, as activity entries: added, removed, changed, or
 * only enabled or disabled — with what it runs or where it is and where it came from (a registry
 * entry's name and version, read from the server itself when the origin does not say).
 */
export function serverChanges(
  before: Record<string, SeenServer>,
  after: Record<string, SeenServer>,
  origin: ServerOrigin,
): ActivityBody[] {
  const out: ActivityBody[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, now] = [before[name], after[name]];
    if (was?.digest === now?.digest && was?.disabled === now?.disabled) continue;
    const change = !was
      ? 'added'
      : !now
        ? 'removed'
        : was.digest !== now.digest
          ? 'changed'
          : now.disabled
            ? 'disabled'
            : 'enabled';
    const seen = (now ?? was) as SeenServer;
    // A `registry` field is Switchboard's own word only when Switchboard just installed or updated the
    // server; anywhere else (by hand, an import, the file edited) it is only what the entry claims.
    const claimed =
      seen.from &&
      (origin.via === 'registry' || origin.via === 'update'
        ? seen.from
        : `its registry field says ${seen.from}`);
    const detail = origin.detail ?? claimed;
    out.push({
      kind: 'server',
      server: name,
      change,
      via: origin.via,
      ...(seen.target !== undefined ? { target: seen.target } : {}),
      ...(detail ? { detail } : {}),
    });
  }
  return out;
}
