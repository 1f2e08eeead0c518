import { escapeInvisible } from './invisible';
import type { SandboxRules } from './sandboxRules';

/** What an unconfined local server can do, said the same way on its card, its trust prompt and a native dialog. */
export const FULL_RIGHTS = 'Runs with your full rights';
export const FULL_RIGHTS_DETAIL = 'it can read, write and reach everything you can';

/**
 * What every confined server gets and is kept from, whatever its rules say (electron/host/sandbox):
 * said once, so the rules beside it read as "beyond this".
 */
export const SANDBOX_DEFAULTS =
  "Your keys, credentials, browser profiles and Switchboard's data are hidden from it; it writes to a folder of its own, and a launcher such as npx or uvx still reaches its package registry.";

/** One thing a confined server's rules let it do (or keep from it) beyond the defaults. */
export interface SandboxGrant {
  /** "may also write", "may reach"… */
  label: string;
  /** As the rules write them (paths may start with `~`); empty: none beyond the defaults. */
  items: string[];
}

/**
 * A confined launch's rules as a person reads them: what it may also write, reach and read — always
 * said, "(none)" when empty, so a prompt never leaves the question open — then whatever else the
 * rules narrow, only where they do.
 */
export function sandboxGrants(rules: SandboxRules): SandboxGrant[] {
  const fs = rules.filesystem ?? {};
  const net = rules.network ?? {};
  const grants: SandboxGrant[] = [
    {
      label: 'may also write',
      items: [...(fs.allowWrite ?? []), ...(rules.rootsWritable ? ['the folders you give it'] : [])],
    },
    { label: 'may reach', items: net.allowedDomains ?? [] },
    { label: 'may read', items: fs.allowRead ?? [] },
  ];
  if (fs.denyRead?.length) grants.push({ label: 'also hidden', items: fs.denyRead });
  if (fs.denyWrite?.length) grants.push({ label: 'never written', items: fs.denyWrite });
  if (net.deniedDomains?.length) grants.push({ label: 'never reached', items: net.deniedDomains });
  // A rule written twice (by hand, then by an Allow) is one thing it may do.
  return grants.map((g) => ({ ...g, items: [...new Set(g.items)] }));
}

/**
 * The sandbox part of a launch for places that render text as is (a native trust dialog): one line,
 * hidden characters escaped, as the command line above it.
 */
export function sandboxDetail(rules: SandboxRules | undefined): string {
  if (!rules) return `${FULL_RIGHTS}: ${FULL_RIGHTS_DETAIL}.`;
  const grants = sandboxGrants(rules)
    .map((g) => `${g.label}: ${g.items.length > 0 ? g.items.map(escapeInvisible).join(', ') : '(none)'}`)
    .join('; ');
  return `Runs sandboxed — ${grants}.\n${SANDBOX_DEFAULTS}`;
}
