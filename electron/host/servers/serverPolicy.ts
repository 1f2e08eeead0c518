import type { ServerRefusal } from '../../../shared/host/serverView';
import { parseConfig, type ServerConfig } from '../config/serverConfig';
import type { PolicyState } from '../install/policy/policyFile';
import { type ServerOrigin, stateVerdict } from '../install/policy/policyVerdict';
import { readOrigin } from '../install/registry/registryOrigin';

/** Where a configured server came from, as the policy sees it: the registry it records, or by hand. */
export function originOf(config: ServerConfig): ServerOrigin {
  const origin = readOrigin(config.raw);
  return origin
    ? { kind: 'registry', name: origin.name, registryUrl: origin.registryUrl, version: origin.version }
    : { kind: 'manual' };
}

/** Why the managed policy refuses this server, or undefined when it may run (or there is no policy). */
export function policyRefusal(
  state: PolicyState | undefined,
  config: ServerConfig,
): ServerRefusal | undefined {
  if (!state) return undefined;
  const verdict = stateVerdict(state, config, originOf(config));
  return verdict.allowed ? undefined : { rule: verdict.rule, reason: verdict.reason };
}

/** What a refused server's card and log say. */
export const refusalText = (refusal: ServerRefusal): string =>
  `Refused by your organization's policy: ${refusal.reason} (rule: ${refusal.rule})`;

/**
 * Why the policy would refuse a server not yet written (an Add, an import, an install or a link's
 * preview): judged exactly as the written one will be, so the preview says what the card will.
 */
export function refusalOfRaw(
  state: PolicyState | undefined,
  name: string,
  raw: Record<string, unknown>,
): ServerRefusal | undefined {
  if (!state) return undefined;
  const [config] = parseConfig({ mcpServers: { [name]: raw } }).servers;
  return config ? policyRefusal(state, config) : undefined;
}
