// The form a bundle's `user_config` asks the person to fill, and the check of what they entered.
import path from 'node:path';
import { BundleError } from './bundleError';
import type { BundleManifest, UserConfigType, UserConfigValue } from './bundleManifest';
import { type BundleRuntime, substitute, systemVariables } from './bundleRuntime';

/** One field of the form, as the page shows it. Plain data: it may cross to the renderer as it is. */
export interface BundleFormField {
  /** The `user_config` key: `${user_config.KEY}` in the manifest. */
  key: string;
  type: UserConfigType;
  title: string;
  description: string;
  required: boolean;
  /** A masked input; the value goes to the secret store, never into config.json. */
  sensitive: boolean;
  /** Several values (directory and file only): each fills its own argument. */
  multiple: boolean;
  /** Directories are chosen with the folder picker, files with a file picker. */
  picker?: 'folder' | 'file';
  min?: number;
  max?: number;
  /** With `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}` and `${__dirname}` filled in. */
  default?: UserConfigValue;
}

/** The form for the bundle unpacked in `dir`, in the manifest's order. */
export function bundleForm(manifest: BundleManifest, dir: string, runtime: BundleRuntime): BundleFormField[] {
  const vars = systemVariables(runtime, dir);
  const fill = (text: string) => substitute(text, (name) => vars[name]);
  return Object.entries(manifest.userConfig).map(([key, o]) => {
    const listed = o.type === 'directory' || o.type === 'file';
    const def = o.default;
    return {
      key,
      type: o.type,
      title: o.title,
      description: o.description,
      required: o.required === true,
      sensitive: o.sensitive === true,
      multiple: listed && o.multiple === true,
      ...(listed ? { picker: o.type === 'directory' ? ('folder' as const) : ('file' as const) } : {}),
      ...(o.min !== undefined ? { min: o.min } : {}),
      ...(o.max !== undefined ? { max: o.max } : {}),
      ...(def === undefined
        ? {}
        : { default: Array.isArray(def) ? def.map(fill) : typeof def === 'string' ? fill(def) : def }),
    };
  });
}

export interface FormProblem {
  key: string;
  message: string;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

type Checked = { value: UserConfigValue } | { problem: string };

/** One value checked against its field: the value to use, or why it cannot be used. */
function checkValue(field: BundleFormField, value: unknown): Checked {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? { value } : { problem: 'must be text' };
    case 'boolean':
      if (value === 'true' || value === 'false') return { value: value === 'true' };
      return typeof value === 'boolean' ? { value } : { problem: 'must be true or false' };
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { problem: 'must be a number' };
      if (field.min !== undefined && n < field.min) return { problem: `must be at least ${field.min}` };
      if (field.max !== undefined && n > field.max) return { problem: `must be at most ${field.max}` };
      return { value: n };
    }
    case 'directory':
    case 'file': {
      const what = field.type === 'directory' ? 'folder' : 'file';
      const list = Array.isArray(value) ? value : [value];
      if (!field.multiple && list.length !== 1) return { problem: `must be one ${what}` };
      for (const p of list) {
        if (typeof p !== 'string' || p === '') return { problem: `must be a ${what}` };
        if (!path.isAbsolute(p))
          return { problem: `must be a ${what}'s full path (${JSON.stringify(p)} is not)` };
      }
      return { value: field.multiple ? (list as string[]) : (list[0] as string) };
    }
  }
}

/**
 * What is wrong with `values` (from the form, by key) — empty when they can be used. An empty entry
 * takes the field's default.
 */
export function formProblems(fields: BundleFormField[], values: Record<string, unknown>): FormProblem[] {
  return resolveForm(fields, values).problems;
}

function resolveForm(
  fields: BundleFormField[],
  values: Record<string, unknown>,
): { values: Record<string, UserConfigValue>; problems: FormProblem[] } {
  const out: Record<string, UserConfigValue> = {};
  const problems: FormProblem[] = [];
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(values))
    if (!known.has(key)) problems.push({ key, message: 'is not a setting of this bundle' });
  for (const field of fields) {
    const given = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    const value = isEmpty(given) ? field.default : given;
    if (isEmpty(value)) {
      if (field.required) problems.push({ key: field.key, message: 'is required' });
      continue;
    }
    const checked = checkValue(field, value);
    if ('problem' in checked) problems.push({ key: field.key, message: checked.problem });
    else out[field.key] = checked.value;
  }
  return { values: out, problems };
}

/** The values to run the bundle with (defaults filled in); throws BundleError('user-config') if any is wrong. */
export function formValues(
  fields: BundleFormField[],
  values: Record<string, unknown>,
): Record<string, UserConfigValue> {
  const resolved = resolveForm(fields, values);
  if (resolved.problems.length > 0) {
    const title = (key: string) => fields.find((f) => f.key === key)?.title ?? key;
    throw new BundleError(
      'user-config',
      `The bundle's settings cannot be used: ${resolved.problems.map((p) => `"${title(p.key)}" ${p.message}`).join('; ')}.`,
    );
  }
  return resolved.values;
}
