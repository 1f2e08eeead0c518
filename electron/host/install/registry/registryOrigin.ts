// Where an installed server came from: which registry, which entry, which exact version, which way of
// installing it, and the values the person chose (never a secret). Kept in the server's object in
// config.json (an unknown field, which the config keeps and writes back), so "update available" can
// be worked out later against the registry's latest, and an update keeps what was chosen.
import type { FieldTarget } from './inputFields';

/** A value the person filled in that is not the field's default, and not a secret. */
export interface ChosenValue {
  /** The field's key in the version installed (`packages/0/environmentVariables/1`). */
  key: string;
  target: FieldTarget;
  /** The env variable's or header's name, the flag, the value hint, the variable's name. */
  label: string;
  value: string | string[];
}

export interface RegistryOrigin {
  /** The registry's address as browsed (RegistryAddress.url). */
  registryUrl: string;
  /** The entry's name, `io.github.user/weather`. */
  name: string;
  /** The concrete version installed (never "latest"). */
  version: string;
  /** The install choice taken: `packages/0`, `remotes/1`. */
  choice: string;
  /** What was filled in other than defaults and secrets (absent: nothing, or not recorded). */
  values?: ChosenValue[];
}

/** The field of a server's object in config.json that holds its origin. */
export const ORIGIN_FIELD = 'registry';

export function originToRaw(origin: RegistryOrigin): Record<string, unknown> {
  return {
    url: origin.registryUrl,
    name: origin.name,
    version: origin.version,
    choice: origin.choice,
    ...(origin.values?.length ? { values: origin.values } : {}),
  };
}

const TARGETS: readonly string[] = ['argument', 'env', 'header', 'url'];

/** The chosen values a record holds; one that is not well formed is left out (it was hand-edited). */
function readValues(value: unknown): ChosenValue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown): ChosenValue[] => {
    if (typeof v !== 'object' || v === null) return [];
    const { key, target, label, value: given } = v as Record<string, unknown>;
    if (typeof key !== 'string' || typeof label !== 'string' || !TARGETS.includes(target as string))
      return [];
    const ok =
      typeof given === 'string' || (Array.isArray(given) && given.every((g) => typeof g === 'string'));
    return ok ? [{ key, target: target as FieldTarget, label, value: given as string | string[] }] : [];
  });
}

/** The origin a server's raw object records, or undefined when it records none (or a broken one). */
export function readOrigin(raw: Record<string, unknown>): RegistryOrigin | undefined {
  const value = raw[ORIGIN_FIELD];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const get = (key: string) => {
    const v: unknown = Reflect.get(value, key);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const registryUrl = get('url');
  const name = get('name');
  const version = get('version');
  const choice = get('choice');
  if (!registryUrl || !name || !version || !choice) return undefined;
  const values = readValues(Reflect.get(value, 'values'));
  return { registryUrl, name, version, choice, ...(values.length ? { values } : {}) };
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Semantic-version order of a and b (negative: a is older), or undefined when either is not semver. */
export function compareVersions(a: string, b: string): number | undefined {
  const x = a.match(SEMVER);
  const y = b.match(SEMVER);
  if (!x || !y) return undefined;
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return Math.sign(d);
  }
  return comparePrerelease(x[4], y[4]);
}

/** A release sorts after its pre-releases; identifiers compare numerically when both are numbers. */
function comparePrerelease(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const xs = a.split('.');
  const ys = b.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    const p = xs[i];
    const q = ys[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Math.sign(Number(p) - Number(q));
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

export type UpdateCheck =
  | { available: true; from: string; to: string }
  | { available: false; why: 'same-version' | 'installed-is-newer' | 'other-entry' };

/**
 * Whether `latest` (the registry's latest version of the entry, as read now) is an update of what was
 * installed. Versions that are not semver cannot be ordered: then any other version the registry calls
 * latest is taken as the update.
 */
export function updateAvailable(
  installed: RegistryOrigin,
  latest: { registryUrl: string; name: string; version: string },
): UpdateCheck {
  if (installed.registryUrl !== latest.registryUrl || installed.name !== latest.name)
    return { available: false, why: 'other-entry' };
  if (installed.version === latest.version) return { available: false, why: 'same-version' };
  const order = compareVersions(installed.version, latest.version);
  if (order === 0) return { available: false, why: 'same-version' };
  if (order !== undefined && order > 0) return { available: false, why: 'installed-is-newer' };
  return { available: true, from: installed.version, to: latest.version };
}
