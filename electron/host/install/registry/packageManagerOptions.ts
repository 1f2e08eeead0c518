// What a registry entry's runtime arguments may tell npx, uvx or dnx. These programs fetch the pinned
// package and run it; almost every other option they read changes where that package comes from
// (another registry or index, another config file, a cache, a proxy or certificate), adds other
// packages, or runs something else — and npm accepts abbreviations (`--reg`), scoped registries
// (`--@acme:registry`) and options in its config files. So an entry gets a short list of harmless
// options, each judged with its value; everything else is refused, the known dangers with their
// reason. A word that is not an option would be read as the package to run instead of the pinned one.
import { holdsPlaceholder, type LaunchStage, type LaunchWord, quoted } from './launchWord';

export type PackageManager = 'npx' | 'uvx' | 'dnx';

/** An option an entry may give: a switch, or one that takes a value judged by `value`. */
interface Allowed {
  value?: (value: string) => string | undefined;
}

const oneOf =
  (what: string, values: readonly string[]) =>
  (value: string): string | undefined =>
    values.includes(value) ? undefined : `is not ${what} (${values.join(', ')})`;

const pythonVersion = (value: string): string | undefined =>
  /^(?:(?:cpython|pypy|graalpy|python)[@-]?)?\d+(?:\.\d+){0,2}$/i.test(value)
    ? undefined
    : 'is not a Python version (such as 3.12): a path or a program name would run instead of the Python uv installs';

/** dotnet's verbosity levels, short and long. */
const dnxVerbosity = oneOf('a verbosity', [
  'q',
  'quiet',
  'm',
  'minimal',
  'n',
  'normal',
  'd',
  'detailed',
  'diag',
  'diagnostic',
]);

const ALLOWED: Record<PackageManager, Record<string, Allowed>> = {
  npx: {
    '-y': {},
    '--yes': {},
    '-q': {},
    '--quiet': {},
    '--silent': {},
    '--loglevel': {
      value: oneOf('an npm log level', [
        'silent',
        'error',
        'warn',
        'notice',
        'http',
        'info',
        'verbose',
        'silly',
      ]),
    },
  },
  uvx: {
    '-q': {},
    '--quiet': {},
    '-n': {},
    '--no-cache': {},
    '--isolated': {},
    '--no-progress': {},
    '--offline': {},
    '-p': { value: pythonVersion },
    '--python': { value: pythonVersion },
  },
  dnx: {
    '-y': {},
    '--yes': {},
    '--prerelease': {},
    '--allow-roll-forward': {},
    '-v': {
      value: dnxVerbosity,
    },
    '--verbosity': {
      value: dnxVerbosity,
    },
  },
};

const ANOTHER_SOURCE = 'which can serve a different package under the same name and version';
const ANOTHER_PACKAGE = 'names the package to install, so another package than the pinned one could run';

/** The dangers named by their reason; any other option gets the general one. */
const REFUSED: Record<PackageManager, [RegExp, string][]> = {
  npx: [
    [/^--registry$|^--@[^=]*:registry$/, `points npm at another registry, ${ANOTHER_SOURCE}`],
    [
      /^--(?:userconfig|globalconfig)$/,
      'makes npm read another configuration file, which can name another registry',
    ],
    [/^--(?:prefix|cache)$/, `changes where npm keeps and finds packages, ${ANOTHER_SOURCE}`],
    [/^(?:-p|--package)$/, ANOTHER_PACKAGE],
    [/^(?:-c|--call|--shell|--script-shell)$/, 'runs a shell command instead of the package'],
    [/^--node-options$/, 'loads code into every Node.js process npm starts'],
    [
      /^--(?:no-)?(?:ca|cafile|strict-ssl|proxy|https-proxy|noproxy|replace-registry-host)$/,
      `changes whom npm trusts to serve packages, ${ANOTHER_SOURCE}`,
    ],
  ],
  uvx: [
    [
      /^(?:-i|--index-url|--extra-index-url|--index|--default-index|-f|--find-links|--index-strategy|--allow-insecure-host|--trusted-host|--keyring-provider)$/,
      `points uv at another package index, ${ANOTHER_SOURCE}`,
    ],
    [/^--from$/, ANOTHER_PACKAGE],
    [
      /^(?:-w|--with|--with-editable|--with-requirements|-c|--constraints|--overrides|-b|--build-constraints)$/,
      'installs other packages, or other versions, with the pinned one',
    ],
    [
      /^--(?:config-file|directory|project)$/,
      'makes uv read another configuration, which can name another index',
    ],
    [/^--env-file$/, 'sets environment variables from a file'],
    [/^--cache-dir$/, `changes where uv finds cached packages, ${ANOTHER_SOURCE}`],
  ],
  dnx: [
    [/^(?:-s|--source|--add-source)$/, `points dnx at another NuGet source, ${ANOTHER_SOURCE}`],
    [/^--configfile$/, 'makes dnx read another NuGet configuration, which can name another source'],
    [/^--version$/, 'names another version than the pinned one'],
  ],
};

/**
 * Why the runtime arguments `words` (between the program and the pinned package) may not be given to
 * `program`, one problem per word; none when they may. At the `declared` stage a value still holding
 * a `<placeholder>` is judged once it is filled in.
 */
export function packageManagerProblems(
  program: PackageManager,
  words: readonly LaunchWord[],
  stage: LaunchStage,
): string[] {
  const problems: string[] = [];
  const allowed = ALLOWED[program];
  for (let i = 0; i < words.length; i++) {
    const { text, where } = words[i]!;
    if (!text.startsWith('-') || text === '--') {
      problems.push(
        `${where}: ${quoted(text)} would be read by ${program} as the package to run, in place of the one the entry pins`,
      );
      continue;
    }
    const eq = text.indexOf('=');
    const name = eq > 0 ? text.slice(0, eq) : text;
    const inline = eq > 0 ? text.slice(eq + 1) : undefined;
    const rule = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (!rule) {
      const reason = REFUSED[program].find(([pattern]) => pattern.test(name))?.[1];
      problems.push(
        `${where}: ${quoted(name)} ${reason ?? `is not one of the options Switchboard lets an entry give ${program} (${Object.keys(allowed).join(', ')})`}: an entry may not change where its package comes from or what runs`,
      );
      // As npx reads it: an option's value is the next word, unless that is an option itself.
      if (inline === undefined && words[i + 1] && !words[i + 1]!.text.startsWith('-')) i++;
      continue;
    }
    if (!rule.value) {
      if (inline !== undefined) problems.push(`${where}: ${quoted(name)} takes no value`);
      continue;
    }
    const value = inline ?? words[++i]?.text;
    if (value === undefined) {
      problems.push(`${where}: ${quoted(name)} needs a value`);
      continue;
    }
    if (stage === 'declared' && holdsPlaceholder(value)) continue;
    const problem = rule.value(value);
    if (problem) problems.push(`${where}: the value of ${name}, ${quoted(value)}, ${problem}`);
  }
  return problems;
}
