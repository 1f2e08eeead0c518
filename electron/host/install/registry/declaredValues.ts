// server.json's declarations (arguments, env variables, headers, URL templates) turned into the words
// and values of a launch, through an InputResolver: with the person's values, checked; without, as a
// preview with <placeholders>.
import { isPlainHttpOffLoopback } from '../../../../shared/loopback';
import { type FieldTarget, fieldOf, fillTemplate, isBareFlag, templateVariables } from './inputFields';
import type { InputResolver } from './inputResolver';
import {
  envNameProblem,
  flagProblem,
  headerNameProblem,
  plainValueProblem,
  valueWordProblem,
  wordProblem,
} from './safeWords';
import type { Argument, Input, KeyValueInput } from './serverJson';

interface Filled {
  text: string;
  /** Every variable it names was left empty. */
  empty: boolean;
  /** A variable it names is a secret. */
  secret: boolean;
}

/** A fixed `value` with the `{variables}` it names filled in, each checked by `check`. */
function fillDeclared(
  template: string,
  variables: Record<string, Input> | undefined,
  key: string,
  target: FieldTarget,
  r: InputResolver,
  check: (value: string) => string | undefined,
): Filled {
  const names = templateVariables(template, variables);
  const values = new Map<string, string>();
  let secret = false;
  for (const name of names) {
    const field = fieldOf(`${key}/variables/${name}`, name, target, variables![name]!);
    secret ||= field.secret;
    values.set(name, r.valuesOf(field, check)[0] ?? '');
  }
  return {
    text: fillTemplate(template, values),
    empty: names.length > 0 && names.every((n) => values.get(n) === ''),
    secret,
  };
}

const usesSecret = (input: Input & { variables?: Record<string, Input> }) =>
  input.isSecret === true ||
  (input.value !== undefined &&
    templateVariables(input.value, input.variables).some((n) => input.variables![n]!.isSecret === true));

/** One argument's words: `[value]`, `[--flag, value]`, `[--flag]`, one pair per value when repeated. */
export function argumentWords(arg: Argument, key: string, r: InputResolver): string[] {
  const where = `${key} (${arg.type === 'named' ? arg.name : (arg.valueHint ?? arg.value ?? 'positional')})`;
  if (arg.type === 'named') {
    const problem = flagProblem(arg.name);
    if (problem) {
      r.problem(`${where}: its flag ${problem}`);
      return [];
    }
  }
  if (usesSecret(arg)) {
    r.problem(
      `${where} asks for a secret on the command line: Switchboard keeps secrets only in environment variables and headers (never in config.json), so it cannot install this way`,
    );
    return [];
  }
  const flag = arg.type === 'named' ? [arg.name] : [];
  if (arg.value !== undefined) {
    const filled = fillDeclared(arg.value, arg.variables, key, 'argument', r, wordProblem);
    if (filled.empty && arg.isRequired !== true) return [];
    // What the entry wrote may be an option on purpose; what a variable put first may not.
    const problem =
      filled.text.startsWith('-') && !arg.value.startsWith('-')
        ? valueWordProblem(filled.text)
        : r.preview
          ? wordProblem(fillTemplate(arg.value, new Map()))
          : wordProblem(filled.text);
    if (problem) {
      r.problem(`${where}: the value ${problem}`);
      return [];
    }
    return [...flag, filled.text];
  }
  if (arg.type === 'named' && isBareFlag(arg)) return flag;
  const label = arg.type === 'named' ? arg.name : (arg.valueHint ?? 'value');
  const field = fieldOf(key, label, 'argument', arg, arg.isRepeated === true);
  return r.valuesOf(field, valueWordProblem).flatMap((value) => [...flag, value]);
}

/** An env variable's or header's value (undefined when it is left unset), and whether it is secret. */
export function keyValueOf(
  kv: KeyValueInput,
  key: string,
  target: 'env' | 'header',
  r: InputResolver,
): { value: string; secret: boolean } | undefined {
  const nameProblem = target === 'env' ? envNameProblem(kv.name) : headerNameProblem(kv.name);
  if (nameProblem) {
    r.problem(`${key}: ${nameProblem}`);
    return undefined;
  }
  if (kv.value !== undefined) {
    const filled = fillDeclared(kv.value, kv.variables, key, target, r, plainValueProblem);
    if (filled.empty && kv.isRequired !== true) return undefined;
    const problem = plainValueProblem(filled.text);
    if (problem) {
      r.problem(`${key} (${kv.name}): the value ${problem}`);
      return undefined;
    }
    return { value: filled.text, secret: kv.isSecret === true || filled.secret };
  }
  const field = fieldOf(key, kv.name, target, kv);
  const [value] = r.valuesOf(field, plainValueProblem);
  return value === undefined ? undefined : { value, secret: field.secret };
}

const URL_VARIABLE_PROBLEM = (value: string) =>
  /[\s\p{Cc}]/u.test(value) ? 'must not hold spaces or control characters' : undefined;

/** A remote's URL with its variables filled in: http(s), no credentials, nothing left in braces. */
export function remoteUrl(
  template: string,
  variables: Record<string, Input> | undefined,
  key: string,
  r: InputResolver,
): string | undefined {
  const secret = templateVariables(template, variables).find((n) => variables![n]!.isSecret === true);
  if (secret) {
    r.problem(
      `${key}: its URL holds the secret ${secret}: Switchboard keeps secrets only in headers (never in config.json), so it cannot install this way`,
    );
    return undefined;
  }
  const url = fillDeclared(template, variables, key, 'url', r, URL_VARIABLE_PROBLEM).text;
  if (r.preview) return url;
  const left = url.match(/\{[^{}]*\}/)?.[0];
  if (left) {
    r.problem(`${key}: its URL ${url} still holds ${left}, which the entry declares no variable for`);
    return undefined;
  }
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    r.problem(`${key}: ${JSON.stringify(url.slice(0, 200))} is not an http(s) URL`);
    return undefined;
  }
  const parsed = new URL(url);
  if (isPlainHttpOffLoopback(parsed)) {
    r.problem(`${key}: ${url} uses plain http to another computer; Switchboard installs only https remotes`);
    return undefined;
  }
  if (parsed.username || parsed.password) {
    r.problem(`${key}: ${url} holds a user name or password`);
    return undefined;
  }
  return url;
}
