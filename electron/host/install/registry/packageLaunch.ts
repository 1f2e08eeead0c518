// A package of server.json as the command that runs it: npm → `npx -y id@version`, pypi →
// `uvx id==version`, oci → `docker run -i --rm … image`, nuget → `dnx id@version --yes`. Runtime
// arguments go to that program, package arguments to the server; env variables are set on the
// program (and handed into a container by name with `-e NAME`). The pin is the entry's promise: no
// runtime argument or env variable may change where the package comes from or widen what it may
// touch, whether the entry wrote it or a value the person fills in put it there.
import { changesLaunch } from '../../config/launchChangingEnv';
import { argumentWords, keyValueOf } from './declaredValues';
import { dockerRunProblems } from './dockerRunOptions';
import { InputResolver } from './inputResolver';
import type { LaunchStage, LaunchWord } from './launchWord';
import { packageManagerProblems } from './packageManagerOptions';
import { exactVersionProblem, packageNameProblem, pinnedImage } from './safeWords';
import type { Argument, Package } from './serverJson';

export type Runtime = 'npx' | 'uvx' | 'docker' | 'dnx';

/** The program Switchboard runs each registry's packages with. */
export const RUNTIMES: Readonly<Record<string, Runtime>> = {
  npm: 'npx',
  pypi: 'uvx',
  oci: 'docker',
  nuget: 'dnx',
};

/** Where each registry's packages are published; the runtime fetches from there, nowhere else. */
const PUBLIC_REGISTRIES: Readonly<Record<string, readonly string[]>> = {
  npm: ['https://registry.npmjs.org'],
  pypi: ['https://pypi.org'],
  nuget: ['https://api.nuget.org', 'https://api.nuget.org/v3/index.json'],
};

export interface PackageLaunch {
  runtime: Runtime;
  /** The package as its runtime names it, pinned: `airtable-mcp-server@1.7.3`, an image reference. */
  spec: string;
  args: string[];
  /** Unset variables are left out. */
  env: Record<string, { value: string; secret: boolean }>;
}

/** Why this package cannot be run by Switchboard at all, whatever is filled in; undefined if it can. */
function packageProblem(pkg: Package): string | undefined {
  const runtime = RUNTIMES[pkg.registryType];
  if (!runtime)
    return `is a ${JSON.stringify(pkg.registryType.slice(0, 40))} package, which Switchboard cannot install (it runs npm, pypi, oci and nuget packages, and mcpb bundles)`;
  if (pkg.transport.type !== 'stdio')
    return `serves ${pkg.transport.type} from a local process; Switchboard starts local servers that speak stdio only`;
  if (pkg.runtimeHint !== undefined && pkg.runtimeHint !== runtime && (pkg.runtimeArguments ?? []).length > 0)
    return `has runtime arguments written for ${JSON.stringify(pkg.runtimeHint.slice(0, 40))}, but Switchboard runs ${pkg.registryType} packages with ${runtime}`;
  const home = PUBLIC_REGISTRIES[pkg.registryType];
  if (pkg.registryBaseUrl !== undefined && home && !home.includes(pkg.registryBaseUrl.replace(/\/+$/, '')))
    return `names its package at ${JSON.stringify(pkg.registryBaseUrl.slice(0, 200))}, but ${runtime} fetches ${pkg.identifier} from ${home[0]}: what would run is not the package the entry names`;
  const spec = specOf(pkg, runtime);
  return spec.ok ? undefined : spec.problem;
}

function specOf(pkg: Package, runtime: Runtime): { ok: true; spec: string } | { ok: false; problem: string } {
  if (runtime === 'docker') return imageSpec(pkg);
  const name = packageNameProblem(pkg.registryType, pkg.identifier);
  if (name) return { ok: false, problem: `its identifier ${name}` };
  if (pkg.version === undefined)
    return { ok: false, problem: `names no version of ${pkg.identifier}: the package is not pinned` };
  const version = exactVersionProblem(pkg.version);
  if (version) return { ok: false, problem: `its version ${version}` };
  return { ok: true, spec: `${pkg.identifier}${runtime === 'uvx' ? '==' : '@'}${pkg.version}` };
}

function imageSpec(pkg: Package): { ok: true; spec: string } | { ok: false; problem: string } {
  const pinned = pinnedImage(pkg.identifier, pkg.version);
  return pinned.ok ? { ok: true, spec: pinned.image } : { ok: false, problem: `its image ${pinned.problem}` };
}

/**
 * The launch of `pkg` (at `key`, `packages/0`) with the resolver's values; undefined, with the
 * resolver holding why, when it cannot be built.
 */
export function packageLaunch(pkg: Package, key: string, r: InputResolver): PackageLaunch | undefined {
  const problem = packageProblem(pkg);
  if (problem) {
    r.problem(`${key} ${problem}`);
    return undefined;
  }
  const runtime = RUNTIMES[pkg.registryType]!;
  const spec = specOf(pkg, runtime);
  if (!spec.ok) return undefined;
  const before = r.problems.length;
  const placed = placedWords(pkg.runtimeArguments, `${key}/runtimeArguments`, r);
  for (const problem of runtimeArgumentProblems(runtime, placed, r.preview ? 'declared' : 'filled'))
    r.problem(problem);
  // What the entry fixed is judged apart from what was filled in: a folder it mounts is its choice,
  // not the person's, even once the form is complete.
  if (!r.preview) {
    const declared = placedWords(pkg.runtimeArguments, `${key}/runtimeArguments`, new InputResolver());
    for (const problem of runtimeArgumentProblems(runtime, declared, 'declared')) r.problem(problem);
  }
  const runtimeWords = placed.map((w) => w.text);
  const env: PackageLaunch['env'] = {};
  (pkg.environmentVariables ?? []).forEach((kv, i) => {
    const where = `${key}/environmentVariables/${i}`;
    if (changesLaunch(kv.name)) {
      r.problem(
        `${where} (${kv.name}): sets ${kv.name}, which changes what ${runtime} runs or where its packages come from: an entry may not set it, whatever its value`,
      );
      return;
    }
    const value = keyValueOf(kv, where, 'env', r);
    if (value) env[kv.name] = value;
  });
  const packageWords = (pkg.packageArguments ?? []).flatMap((arg, i) =>
    argumentWords(arg, `${key}/packageArguments/${i}`, r),
  );
  if (r.problems.length > before && !r.preview) return undefined;
  const args =
    runtime === 'npx'
      ? ['-y', ...runtimeWords, spec.spec, ...packageWords]
      : runtime === 'uvx'
        ? [...runtimeWords, spec.spec, ...packageWords]
        : runtime === 'dnx'
          ? [...runtimeWords, spec.spec, '--yes', ...(packageWords.length > 0 ? ['--', ...packageWords] : [])]
          : [
              'run',
              '-i',
              '--rm',
              ...runtimeWords,
              ...Object.keys(env).flatMap((name) => ['-e', name]),
              spec.spec,
              ...packageWords,
            ];
  return { runtime, spec: spec.spec, args, env };
}

/** The words of `args`, each with the declaration that wrote it. */
function placedWords(args: readonly Argument[] | undefined, key: string, r: InputResolver): LaunchWord[] {
  return (args ?? []).flatMap((arg, i) => {
    const where = `${key}/${i} (${arg.type === 'named' ? arg.name : (arg.valueHint ?? arg.value ?? 'positional')})`;
    return argumentWords(arg, `${key}/${i}`, r).map((text) => ({ text, where }));
  });
}

function runtimeArgumentProblems(runtime: Runtime, words: LaunchWord[], stage: LaunchStage): string[] {
  return runtime === 'docker'
    ? dockerRunProblems(words, stage)
    : packageManagerProblems(runtime, words, stage);
}
