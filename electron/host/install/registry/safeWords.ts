// What may go on a command line that a registry entry describes. Nothing runs through a shell, but a
// package name, a version or a value that carries a shell's operators, or that starts with "-" where
// the program would read an option, is refused by name: such an entry means something other than it
// shows, and on Windows `npx` and `dnx` are batch files that cmd.exe reads.
import { escapeInvisible, hasInvisible } from '../../../../shared/host/invisible';

const SHELL_CHARACTERS = /[;&|`$<>]/;
const MAX_WORD = 4096;

/** Why `word` may not be one word of a command line, or undefined when it may. */
export function wordProblem(word: string): string | undefined {
  if (word.length > MAX_WORD) return `is longer than ${MAX_WORD} characters`;
  if (hasInvisible(word))
    return `holds an invisible or control character (${escapeInvisible(word).slice(0, 120)})`;
  const shell = word.match(SHELL_CHARACTERS)?.[0];
  if (shell) return `holds the shell character "${shell}" (${JSON.stringify(word.slice(0, 120))})`;
  return undefined;
}

/** A word taken from a value (typed in, or a variable) must not turn into an option. */
export function valueWordProblem(word: string): string | undefined {
  if (word.startsWith('-'))
    return `starts with "-", so the program would read it as an option (${JSON.stringify(word.slice(0, 120))})`;
  return wordProblem(word);
}

/** A named argument's flag: dashes, then a plain name (`--port`, `-t`). */
export function flagProblem(name: string): string | undefined {
  if (!/^--?[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(name))
    return `is not a flag (one or two dashes, then letters, digits, "_", ".", ":" or "-"): ${JSON.stringify(name.slice(0, 120))}`;
  return undefined;
}

const NAME_RULES: Record<string, { pattern: RegExp; max: number; what: string }> = {
  npm: {
    pattern: /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i,
    max: 214,
    what: 'an npm package name',
  },
  pypi: { pattern: /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/, max: 200, what: 'a PyPI project name' },
  nuget: { pattern: /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/, max: 100, what: 'a NuGet package id' },
};

/** Why `identifier` is not a package name of `registryType` (npm, pypi, nuget), or undefined. */
export function packageNameProblem(registryType: string, identifier: string): string | undefined {
  const rule = NAME_RULES[registryType];
  if (!rule) return `has no name rule for ${registryType}`;
  if (identifier.length > rule.max || !rule.pattern.test(identifier))
    return `${JSON.stringify(identifier.slice(0, 120))} is not ${rule.what}${wordProblem(identifier) ? `: it ${wordProblem(identifier)}` : ''}`;
  return undefined;
}

/**
 * Why `version` is not one exact version, or undefined: a range (`^1.2`, `>=1`, `1.x`), `latest`, or
 * anything a package manager would read otherwise (a leading "-", a space, a shell character).
 */
export function exactVersionProblem(version: string): string | undefined {
  if (version.length > 128) return 'is longer than 128 characters';
  if (/^latest$/i.test(version)) return 'is "latest", not a version: the package is not pinned';
  if (version.startsWith('-')) return valueWordProblem(version);
  if (/[\^~<>=*|\s]|(^|\.)[xX](\.|$)/.test(version))
    return `${JSON.stringify(version.slice(0, 120))} is a range, not one version: the package is not pinned`;
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_!-]*$/.test(version))
    return `${JSON.stringify(version.slice(0, 120))} is not a version${wordProblem(version) ? `: it ${wordProblem(version)}` : ''}`;
  return undefined;
}

const COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const HOST = '[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]+)?';
const TAG = '[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}';
const IMAGE = new RegExp(
  `^((?:${HOST}/)?${COMPONENT}(?:/${COMPONENT})*)(?::(${TAG}))?(?:@(sha256:[a-f0-9]{64}))?$`,
);

/**
 * The image reference `docker run` is given, pinned: the identifier's own tag or digest, else the
 * package's version as the tag. A reference without either, or tagged `latest`, is not pinned.
 */
export function pinnedImage(
  identifier: string,
  version: string | undefined,
): { ok: true; image: string } | { ok: false; problem: string } {
  const m = identifier.length <= 512 ? identifier.match(IMAGE) : null;
  if (!m)
    return {
      ok: false,
      problem: `${JSON.stringify(identifier.slice(0, 120))} is not an image reference ([registry/]name[:tag][@sha256:…])${wordProblem(identifier) ? `: it ${wordProblem(identifier)}` : ''}`,
    };
  const [, name, tag, digest] = m;
  if (digest) return { ok: true, image: identifier };
  if (tag) {
    if (tag === 'latest')
      return {
        ok: false,
        problem: `${identifier} is tagged "latest", not a version: the image is not pinned`,
      };
    return { ok: true, image: identifier };
  }
  if (version === undefined)
    return { ok: false, problem: `${identifier} names no tag, digest or version: the image is not pinned` };
  if (version === 'latest' || !new RegExp(`^${TAG}$`).test(version))
    return {
      ok: false,
      problem: `its version ${JSON.stringify(version.slice(0, 120))} is not an image tag that pins one version`,
    };
  return { ok: true, image: `${name}:${version}` };
}

/** An environment variable's name: what every shell and platform accepts. */
export function envNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || name.length > 1024)
    return `${JSON.stringify(name.slice(0, 120))} is not an environment variable name (letters, digits and "_", not starting with a digit)`;
  return undefined;
}

/** An HTTP header's name (RFC 9110 token). */
export function headerNameProblem(name: string): string | undefined {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || name.length > 1024)
    return `${JSON.stringify(name.slice(0, 120))} is not an HTTP header name`;
  return undefined;
}

/** An env or header value: anything printable (a secret may hold any punctuation), no line break. */
export function plainValueProblem(value: string): string | undefined {
  if (/\p{Cc}/u.test(value.replace(/\t/g, ''))) return 'holds a line break or another control character';
  if (value.length > 65_536) return 'is longer than 65,536 characters';
  return undefined;
}
