import type { InputField } from './inputFields';

/** What the person filled in, by field key: one value, or several for a repeated field. */
export type InstallValues = Readonly<Record<string, string | readonly string[]>>;

/** One thing that stops the install, with the field it is about when there is one. */
export interface InstallProblem {
  /** The InputField's key. */
  field?: string;
  message: string;
}

const TARGET_WORDS: Record<InputField['target'], string> = {
  argument: 'argument',
  env: 'environment variable',
  header: 'header',
  url: 'URL variable',
};

/** `environment variable API_KEY`, `argument --port`. */
const fieldName = (field: InputField) => `${TARGET_WORDS[field.target]} ${field.label}`;

/**
 * The values a form's fields resolve to, each checked, with every problem collected (the person sees
 * them all at once). Without values it previews: each field is a `<placeholder>` and nothing is
 * checked but what the entry fixed itself.
 */
export class InputResolver {
  readonly problems: InstallProblem[] = [];
  constructor(private readonly values?: InstallValues) {}

  get preview(): boolean {
    return this.values === undefined;
  }

  problem(message: string, field?: string): void {
    if (!this.problems.some((p) => p.message === message && p.field === field))
      this.problems.push(field === undefined ? { message } : { field, message });
  }

  /** The field's values (its default when nothing was given), each passed through `check`. */
  valuesOf(field: InputField, check?: (value: string) => string | undefined): string[] {
    if (!this.values) return [`<${field.label.replace(/^-+/, '')}>`];
    const given = this.values[field.key];
    const list =
      given === undefined
        ? field.default !== undefined
          ? [field.default]
          : []
        : typeof given === 'string'
          ? given === ''
            ? []
            : [given]
          : given.filter((v) => v !== '');
    const name = fieldName(field);
    if (!field.repeated && list.length > 1)
      this.problem(`${name} takes one value, not ${list.length}`, field.key);
    if (list.length === 0 && field.required)
      this.problem(`${name} is required${field.description ? ` (${field.description})` : ''}`, field.key);
    for (const value of list) {
      const problem = formatProblem(field, value) ?? check?.(value);
      if (problem) this.problem(`${name} ${problem}`, field.key);
    }
    return list;
  }
}

function formatProblem(field: InputField, value: string): string | undefined {
  if (field.choices && field.choices.length > 0 && !field.choices.includes(value))
    return `must be one of ${field.choices.join(', ')} (not ${JSON.stringify(value.slice(0, 120))})`;
  if (field.format === 'number' && !/^-?\d+(\.\d+)?$/.test(value))
    return `must be a number (not ${JSON.stringify(value.slice(0, 120))})`;
  if (field.format === 'boolean' && value !== 'true' && value !== 'false')
    return `must be true or false (not ${JSON.stringify(value.slice(0, 120))})`;
  return undefined;
}
