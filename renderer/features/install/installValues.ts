import type { InstallFieldView } from '../../../shared/host/registryView';

/** What the form holds for each field, by its key: the text typed (a repeated field: one per line). */
export type FieldTexts = Record<string, string>;

/** Each field's starting text: its default, else empty. */
export function initialTexts(fields: InstallFieldView[]): FieldTexts {
  return Object.fromEntries(fields.map((f) => [f.key, f.default ?? '']));
}

/**
 * The values to send: a field left empty is not sent (the host then says which required ones are
 * missing); a repeated field sends one value per non-empty line.
 */
export function installValues(
  fields: InstallFieldView[],
  texts: FieldTexts,
): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const field of fields) {
    const text = texts[field.key] ?? '';
    if (field.repeated) {
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      if (lines.length > 0) values[field.key] = lines;
    } else if (text !== '') values[field.key] = text;
  }
  return values;
}

const TARGETS: Record<InstallFieldView['target'], string> = {
  argument: 'argument',
  env: 'environment variable',
  header: 'header',
  url: 'part of the URL',
};

/** Where the value goes, in words: `environment variable MEMORY_TOKEN`. */
export const fieldPlace = (field: InstallFieldView): string => `${TARGETS[field.target]} ${field.label}`;
