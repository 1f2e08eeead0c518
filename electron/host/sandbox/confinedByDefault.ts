import { type SandboxChoice, sandboxRules } from '../../../shared/host/sandboxRules';
import { parseConfig, type ServerConfig, serverToRaw } from '../config/serverConfig';
import { withAllowed } from './sandboxAllow';

/**
 * What the person did not write themselves — a server from the registry, a bundle or a link — starts
 * sandboxed: a local server's raw entry with `sandboxEnabled` set (whatever the source said).
 */
export function confinedByDefault(raw: Record<string, unknown>): Record<string, unknown> {
  return raw.command === undefined ? raw : { ...raw, sandboxEnabled: true };
}

/** `raw` as the review step's answer leaves it: confined and widened as chosen, or run unconfined. */
export function withSandboxChoice(
  raw: Record<string, unknown>,
  choice: SandboxChoice | undefined,
): Record<string, unknown> {
  if (!choice || raw.command === undefined) return raw;
  if (!choice.enabled) return { ...raw, sandboxEnabled: false };
  const rules = sandboxRules.optional().safeParse(raw.sandbox);
  if (!rules.success) throw new Error('its "sandbox" is not valid: it cannot be widened');
  const next = withAllowed(rules.data, {
    ...(choice.allowWrite ? { allowWrite: choice.allowWrite } : {}),
    ...(choice.allowedDomains ? { allowedDomains: choice.allowedDomains } : {}),
  });
  return { ...raw, sandboxEnabled: true, ...(Object.keys(next).length > 0 ? { sandbox: next } : {}) };
}

/** A parsed server as confinedByDefault leaves it (for a preview: what will be written and judged). */
export function confinedConfig<T extends ServerConfig>(config: T): T {
  const [confined] = parseConfig({
    mcpServers: { [config.name]: confinedByDefault(serverToRaw(config)) },
  }).servers;
  return (confined as T | undefined) ?? config;
}
