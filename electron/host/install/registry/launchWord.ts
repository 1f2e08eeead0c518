// One word of a registry launch's command line with where it came from, so a refusal can name the
// declaration that wrote it. Words are judged twice: as declared (what the person fills in is still a
// `<placeholder>`, so what the entry fixed itself is judged alone) and once filled in.

export interface LaunchWord {
  text: string;
  /** `packages/0/runtimeArguments/1 (--network)`: the declaration, as problems name it. */
  where: string;
}

/** `declared`: `<placeholders>` stand for values the person gives; `filled`: the values are in. */
export type LaunchStage = 'declared' | 'filled';

/**
 * Whether `text` holds a `<placeholder>`: a value the person gives. Nothing else can hold "<": the
 * entry's own words and every typed value are refused with a shell character (safeWords).
 */
export const holdsPlaceholder = (text: string): boolean => /<[^<>]*>/.test(text);

/** Whether `text` is exactly one `<placeholder>`. */
export const isPlaceholder = (text: string): boolean => /^<[^<>]*>$/.test(text);

/** `"--registry=http://x"`, cut to a length a message can carry. */
export const quoted = (text: string): string =>
  JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);
