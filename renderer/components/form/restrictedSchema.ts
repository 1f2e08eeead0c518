import type { ElicitValue, JsonSchemaObject } from '../../../shared/mcp/protocol';

/**
 * The flat schemas elicitation allows (and most tool inputs use): strings with formats, numbers with
 * bounds, booleans, single- and multi-select enums with or without titles. Anything else is named
 * in `unsupported` so the caller can fall back to raw JSON rather than silently drop it.
 */
type StringFormat = 'email' | 'uri' | 'date' | 'date-time';
interface Option {
  value: string;
  label: string;
}
interface FieldBase {
  name: string;
  label: string;
  description?: string;
  required: boolean;
}
export type Field =
  | (FieldBase & {
      kind: 'text';
      format?: StringFormat;
      minLength?: number;
      maxLength?: number;
      pattern?: string;
      default?: string;
    })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; options: Option[]; default?: string })
  | (FieldBase & {
      kind: 'multi';
      options: Option[];
      minItems?: number;
      maxItems?: number;
      default?: string[];
    });

/** What the inputs hold: text for text and numbers, booleans, chosen values. */
export type FormValues = Record<string, string | boolean | string[]>;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function optionsOf(p: Json): Option[] | undefined {
  const titled = Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : undefined;
  if (titled?.every((o) => isObject(o) && typeof o.const === 'string'))
    return titled.map((o) => ({
      value: (o as Json).const as string,
      label: str((o as Json).title) ?? ((o as Json).const as string),
    }));
  if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string')) {
    // enumNames: the 2025-06-18 way of titling a plain enum.
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    return (p.enum as string[]).map((v, i) => ({ value: v, label: str(names[i]) ?? v }));
  }
  return undefined;
}

export function fieldsOf(schema: JsonSchemaObject): { fields: Field[]; unsupported: string[] } {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields: Field[] = [];
  const unsupported: string[] = [];
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    if (!isObject(raw)) {
      unsupported.push(name);
      continue;
    }
    const base: FieldBase = {
      name,
      label: str(raw.title) ?? name,
      ...(str(raw.description) ? { description: str(raw.description) } : {}),
      required: required.has(name),
    };
    const type = Array.isArray(raw.type) ? raw.type.find((t) => t !== 'null') : raw.type;
    const options = optionsOf(raw);
    if (type === 'string' || (type === undefined && options)) {
      if (options) {
        fields.push({
          ...base,
          kind: 'select',
          options,
          ...(str(raw.default) !== undefined ? { default: str(raw.default) } : {}),
        });
        continue;
      }
      const format = ['email', 'uri', 'date', 'date-time'].includes(raw.format as string)
        ? (raw.format as StringFormat)
        : undefined;
      fields.push({
        ...base,
        kind: 'text',
        ...(format ? { format } : {}),
        ...(num(raw.minLength) !== undefined ? { minLength: num(raw.minLength) } : {}),
        ...(num(raw.maxLength) !== undefined ? { maxLength: num(raw.maxLength) } : {}),
        ...(str(raw.pattern) !== undefined ? { pattern: str(raw.pattern) } : {}),
        ...(str(raw.default) !== undefined ? { default: str(raw.default) } : {}),
      });
    } else if (type === 'number' || type === 'integer') {
      fields.push({
        ...base,
        kind: 'number',
        integer: type === 'integer',
        ...(num(raw.minimum) !== undefined ? { minimum: num(raw.minimum) } : {}),
        ...(num(raw.maximum) !== undefined ? { maximum: num(raw.maximum) } : {}),
        ...(num(raw.default) !== undefined ? { default: num(raw.default) } : {}),
      });
    } else if (type === 'boolean') {
      fields.push({
        ...base,
        kind: 'boolean',
        ...(typeof raw.default === 'boolean' ? { default: raw.default } : {}),
      });
    } else if (type === 'array' && isObject(raw.items) && optionsOf(raw.items)) {
      const d =
        Array.isArray(raw.default) && raw.default.every((v) => typeof v === 'string')
          ? (raw.default as string[])
          : undefined;
      fields.push({
        ...base,
        kind: 'multi',
        options: optionsOf(raw.items)!,
        ...(num(raw.minItems) !== undefined ? { minItems: num(raw.minItems) } : {}),
        ...(num(raw.maxItems) !== undefined ? { maxItems: num(raw.maxItems) } : {}),
        ...(d ? { default: d } : {}),
      });
    } else {
      unsupported.push(name);
    }
  }
  return { fields, unsupported };
}

/** The form as first shown: every default filled in (clients SHOULD pre-populate defaults). */
export function initialValues(fields: Field[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'boolean') values[f.name] = f.default ?? false;
    else if (f.kind === 'multi') values[f.name] = f.default ?? [];
    else if (f.kind === 'number') values[f.name] = f.default === undefined ? '' : String(f.default);
    else values[f.name] = f.default ?? '';
  }
  return values;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

function formatError(format: StringFormat, value: string): string | undefined {
  if (format === 'email' && !EMAIL.test(value)) return 'Enter an email address';
  if (format === 'uri') {
    try {
      new URL(value);
    } catch {
      return 'Enter a full URI, such as https://example.com';
    }
  }
  if (format === 'date' && (!DATE.test(value) || Number.isNaN(Date.parse(value))))
    return 'Enter a date (YYYY-MM-DD)';
  if (format === 'date-time' && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))))
    return 'Enter a date and time';
  return undefined;
}

/**
 * Checks the values against the schema and builds what is sent. Empty optional fields are left out;
 * every problem is reported by field name, in words a person can act on.
 */
export function validate(
  fields: Field[],
  values: FormValues,
): { ok: true; content: Record<string, ElicitValue> } | { ok: false; errors: Record<string, string> } {
  const content: Record<string, ElicitValue> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'boolean') {
      content[f.name] = v === true;
      continue;
    }
    if (f.kind === 'multi') {
      const chosen = Array.isArray(v) ? v : [];
      if (chosen.length === 0 && !f.required && f.minItems === undefined) continue;
      if (f.minItems !== undefined && chosen.length < f.minItems)
        errors[f.name] = `Choose at least ${f.minItems}`;
      else if (f.maxItems !== undefined && chosen.length > f.maxItems)
        errors[f.name] = `Choose at most ${f.maxItems}`;
      else if (f.required && chosen.length === 0) errors[f.name] = 'Choose at least one';
      content[f.name] = chosen;
      continue;
    }
    const text = typeof v === 'string' ? v : '';
    if (text === '') {
      if (f.required) errors[f.name] = 'Required';
      continue;
    }
    if (f.kind === 'number') {
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(n)) errors[f.name] = 'Enter a number';
      else if (f.integer && !Number.isInteger(n)) errors[f.name] = 'Enter a whole number';
      else if (f.minimum !== undefined && n < f.minimum) errors[f.name] = `At least ${f.minimum}`;
      else if (f.maximum !== undefined && n > f.maximum) errors[f.name] = `At most ${f.maximum}`;
      else content[f.name] = n;
      continue;
    }
    if (f.kind === 'select') {
      if (!f.options.some((o) => o.value === text)) errors[f.name] = 'Choose one of the options';
      else content[f.name] = text;
      continue;
    }
    const length = [...text].length;
    let error: string | undefined;
    if (f.minLength !== undefined && length < f.minLength) error = `At least ${f.minLength} characters`;
    else if (f.maxLength !== undefined && length > f.maxLength) error = `At most ${f.maxLength} characters`;
    else if (f.format) error = formatError(f.format, text);
    if (!error && f.pattern !== undefined) {
      try {
        if (!new RegExp(f.pattern, 'u').test(text)) error = `Must match ${f.pattern}`;
      } catch {
        // A pattern we cannot compile is the server's mistake; the server validates what it gets.
      }
    }
    if (error) errors[f.name] = error;
    // A date-time picker gives local time without a zone; RFC 3339 needs one.
    else if (f.format === 'date-time' && !/(Z|[+-]\d{2}:\d{2})$/.test(text))
      content[f.name] = new Date(text).toISOString();
    else content[f.name] = text;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}
