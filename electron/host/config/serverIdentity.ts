import { createHash } from 'node:crypto';
import type { ConsentServer } from '../../../shared/host/consent';
import type { LaunchSummary } from '../../../shared/host/serverView';
import { canonicalJson } from '../canonicalJson';
import { isSecretRef, type ServerConfig, targetOf } from './serverConfig';

/**
 * What a server *is*, for trust and for "always" approvals: its name, and everything that decides
 * what a local server runs — command, arguments, working directory, every plain env value
 * (NODE_OPTIONS, PATH, LD_PRELOAD… change the code that runs) and which stored secrets it is given
 * (by reference: a rotated token is the same server) — or the URL of a remote one. Changing any of
 * these makes it a different server that must be trusted and approved again; two servers configured
 * alike under two names never share approvals.
 */
export function serverIdentity(config: ServerConfig): string {
  const what =
    config.kind === 'stdio'
      ? {
          name: config.name,
          kind: 'stdio',
          command: config.command,
          args: config.args,
          cwd: config.cwd ?? null,
          env: Object.entries(config.env)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([name, value]) => [name, isSecretRef(value) ? { secret: value.$secret } : value]),
          // What it may reach decides what it can do as much as what it runs: a sandbox turned off or
          // widened is a change to trust again. Only where set, so servers without one keep theirs.
          ...(config.sandboxEnabled !== undefined ? { sandboxEnabled: config.sandboxEnabled } : {}),
          ...(config.sandbox !== undefined ? { sandbox: canonicalJson(config.sandbox) } : {}),
        }
      : { name: config.name, kind: 'remote', url: config.url };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

export function launchSummary(config: ServerConfig): LaunchSummary | undefined {
  if (config.kind !== 'stdio') return undefined;
  return {
    command: config.command,
    args: [...config.args],
    ...(config.cwd ? { cwd: config.cwd } : {}),
    env: Object.entries(config.env)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => (isSecretRef(value) ? { name, secret: true } : { name, value })),
    ...(config.sandboxEnabled ? { sandbox: config.sandbox ?? {} } : {}),
  };
}

/** Who a server is, for consent requests and the client features bound to it. */
export function consentServerOf(config: ServerConfig, identity: string): ConsentServer {
  return { id: config.name, target: targetOf(config), identity };
}
