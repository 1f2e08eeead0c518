import type { BundleFieldView } from '../../../shared/host/bundleView';

/** A value as the form sends it: text (numbers too), a checkbox, or paths. */
export type BundleSentValue = string | boolean | string[];

/** What the person typed into a bundle's form, by key: text, or a checkbox's state. */
export type BundleTexts = Record<string, string | boolean>;

/** The form as it opens: defaults filled in (folders one per line), secrets empty, checkboxes as their default. */
export function initialBundleTexts(form: BundleFieldView[]): BundleTexts {
  const texts: BundleTexts = {};
  for (const f of form) {
    if (f.type === 'boolean') texts[f.key] = f.default === true;
    else if (f.sensitive || f.default === undefined) texts[f.key] = '';
    else texts[f.key] = Array.isArray(f.default) ? f.default.join('\n') : String(f.default);
  }
  return texts;
}

/**
 * The values sent to the host: a checkbox as true/false, several folders or files one per line (blank
 * lines dropped), other text as typed; an empty field is left out, so the host applies its default
 * (and says when a required one is missing).
 */
export function bundleValues(form: BundleFieldView[], texts: BundleTexts): Record<string, BundleSentValue> {
  const values: Record<string, BundleSentValue> = {};
  for (const f of form) {
    const text = texts[f.key];
    if (f.type === 'boolean') {
      values[f.key] = text === true;
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') continue;
    if (f.multiple) {
      const lines = text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '');
      if (lines.length > 0) values[f.key] = lines;
    } else values[f.key] = f.type === 'string' ? text : text.trim();
  }
  return values;
}
