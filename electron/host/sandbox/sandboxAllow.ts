import path from 'node:path';
import type { SandboxRules, SandboxViolation } from '../../../shared/host/sandboxRules';
import { isInside } from './isInside';
import { secretPlaces } from './secretPlaces';
import { type Denial, shownPath } from './violationGroups';
import { runsLater } from './writeProtection';

/** `host:port` as a rule: the web's own ports need no port, any other is kept. */
function hostRule(target: string): string {
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(target);
  if (!m) return target;
  return m[2] === '443' || m[2] === '80' ? m[1]! : target;
}

/**
 * The rule that would let the server do what was denied — written as a person reads it (`~/…`) —
 * or why none can: Switchboard's data folder is never shown, the secret places are never written,
 * and a domain the organization denies stays denied.
 */
export function allowOf(
  denial: Denial,
  ctx: { home: string; dataDir: string; policyDenied: (host: string) => boolean },
): SandboxViolation['allow'] {
  const { home, dataDir } = ctx;
  if (denial.access === 'network') {
    const rule = hostRule(denial.target);
    if (ctx.policyDenied(rule.replace(/:\d+$/, '')))
      return { refused: `your organization's policy denies ${rule} to every server` };
    return { rule };
  }
  if (isInside(denial.target, dataDir))
    return { refused: "Switchboard's own data folder is never opened to a server" };
  if (denial.access === 'write') {
    const folder = path.dirname(denial.target);
    // A folder that holds a secret place may be allowed: those stay unwritable (denyWrite wins).
    if (secretPlaces(home).some((s) => isInside(folder, s)))
      return { refused: `${shownPath(folder, home)} holds credentials: a server may never write there` };
    if (runsLater(denial.target))
      return {
        refused: `${shownPath(denial.target, home)} makes your shell, git or editor run code: a server may never write it`,
      };
    return { rule: shownPath(folder, home) };
  }
  return { rule: shownPath(denial.target, home) };
}

/** What a widening adds to a server's rules: folders to write or read, hosts to reach. */
export interface AddedRules {
  allowWrite?: string[];
  allowRead?: string[];
  allowedDomains?: string[];
}

/** `rules` with `added` (a copy; each entry once, in the order first given). */
export function withAllowed(rules: SandboxRules | undefined, added: AddedRules): SandboxRules {
  const next: SandboxRules = structuredClone(rules ?? {});
  const more = (list: string[] | undefined, extra: string[]) => [...new Set([...(list ?? []), ...extra])];
  for (const key of ['allowWrite', 'allowRead'] as const) {
    const extra = added[key];
    if (extra?.length) next.filesystem = { ...next.filesystem, [key]: more(next.filesystem?.[key], extra) };
  }
  if (added.allowedDomains?.length)
    next.network = {
      ...next.network,
      allowedDomains: more(next.network?.allowedDomains, added.allowedDomains),
    };
  return next;
}

const ADDED_BY: Record<SandboxViolation['access'], keyof AddedRules> = {
  network: 'allowedDomains',
  write: 'allowWrite',
  read: 'allowRead',
};

/** `rules` widened by what `violation.allow` says (a copy). */
export function widenedRules(rules: SandboxRules | undefined, violation: SandboxViolation): SandboxRules {
  if (!('rule' in violation.allow)) throw new Error(violation.allow.refused);
  return withAllowed(rules, { [ADDED_BY[violation.access]]: [violation.allow.rule] });
}
