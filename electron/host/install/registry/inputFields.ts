// The form a person fills before installing: one field per value server.json leaves open. A fixed
// `value` is not asked for (the schema: "it should not be configurable by end users"); the
// `{variables}` it names are. Keys are where the declaration sits in server.json, so they are unique
// and stable: `packages/0/environmentVariables/1`, `remotes/0/variables/host`,
// `packages/1/runtimeArguments/0/variables/source_path`.
import type { Input, InputFormat, InputWithVariables } from './serverJson';

/** Which part of the server the value goes into. */
export type FieldTarget = 'argument' | 'env' | 'header' | 'url';

export interface InputField {
  key: string;
  /** The env variable's or header's name, the argument's flag or value hint, the variable's name. */
  label: string;
  target: FieldTarget;
  description?: string;
  format: InputFormat;
  required: boolean;
  /** Kept in the secret store, never in config.json; a form hides what is typed. */
  secret: boolean;
  /** Takes several values (a repeated argument): each becomes its own argument. */
  repeated: boolean;
  default?: string;
  /** When present, the value must be one of these. */
  choices?: string[];
  placeholder?: string;
}

export function fieldOf(
  key: string,
  label: string,
  target: FieldTarget,
  input: Input,
  repeated = false,
): InputField {
  return {
    key,
    label,
    target,
    ...(input.description !== undefined ? { description: input.description } : {}),
    format: input.format ?? 'string',
    required: input.isRequired === true,
    secret: input.isSecret === true,
    repeated,
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.choices !== undefined ? { choices: input.choices } : {}),
    ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
  };
}

const REFERENCE = /\{([^{}]+)\}/g;

/** The variables a template names that are declared; undeclared `{names}` stay as written. */
export function templateVariables(template: string, variables: Record<string, Input> | undefined): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(REFERENCE)) {
    const name = m[1]!;
    if (variables && Object.hasOwn(variables, name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/** `template` with each declared `{name}` replaced by its value; other braces left as they are. */
export function fillTemplate(template: string, values: ReadonlyMap<string, string>): string {
  return template.replace(REFERENCE, (whole, name: string) => values.get(name) ?? whole);
}

/** A named argument that declares nothing to ask about is a bare flag (`--stdio`). */
export function isBareFlag(input: Input): boolean {
  return (
    input.value === undefined &&
    input.description === undefined &&
    input.default === undefined &&
    input.choices === undefined &&
    input.placeholder === undefined &&
    input.format === undefined &&
    input.isRequired === undefined &&
    input.isSecret === undefined
  );
}

/**
 * The fields one declaration asks for: its variables when its value is fixed, else itself (under
 * `label`), else nothing (a bare flag).
 */
export function declarationFields(
  declaration: InputWithVariables,
  key: string,
  label: string,
  target: FieldTarget,
  options: { repeated?: boolean; bareFlag?: boolean } = {},
): InputField[] {
  if (declaration.value !== undefined)
    return templateVariables(declaration.value, declaration.variables).map((name) =>
      fieldOf(`${key}/variables/${name}`, name, target, declaration.variables![name]!),
    );
  if (options.bareFlag) return [];
  return [fieldOf(key, label, target, declaration, options.repeated ?? false)];
}
