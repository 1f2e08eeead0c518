// A package of server.json as the command that runs it: npm → `npx -y id@version`, pypi →
// `uvx id==version`, oci → `docker run -i --rm … image`, nuget → `dnx id@version --yes`. Runtime
// arguments go to that program, package arguments to the server; env variables are set on the
// program (and handed into a container by name with `-e NAME`).
import { argumentWords, keyValueOf } from './declaredValues';
import type { InputResolver } from './inputResolver';
import { exactVersionProblem, packageNameProblem, pinnedImage } from './safeWords';
import type { Package } from './serverJson';

export type Runtime = 'npx' | 'uvx' | 'docker' | 'dnx';

/** The program Switchboard runs each registry's packages with. */
export const RUNTIMES: Readonly<Record<string, Runtime>> = {
  npm: 'npx',
  pypi: 'uvx',
  oci: 'docker',
  nuget: 'dnx',
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
export function packageProblem(pkg: Package): string | undefined {
  const runtime = RUNTIMES[pkg.registryType];
  if (!runtime)
    return `is a ${JSON.stringify(pkg.registryType.slice(0, 40))} package, which Switchboard cannot install (it runs npm, pypi, oci and nuget packages, and mcpb bundles)`;
  if (pkg.transport.type !== 'stdio')
    return `serves ${pkg.transport.type} from a local process; Switchboard starts local servers that speak stdio only`;
  if (pkg.runtimeHint !== undefined && pkg.runtimeHint !== runtime && (pkg.runtimeArguments ?? []).length > 0)
    return `has runtime arguments written for ${JSON.stringify(pkg.runtimeHint.slice(0, 40))}, but Switchboard runs ${pkg.registryType} packages with ${runtime}`;
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
  const runtimeWords = (pkg.runtimeArguments ?? []).flatMap((arg, i) =>
    argumentWords(arg, `${key}/runtimeArguments/${i}`, r),
  );
  const env: PackageLaunch['env'] = {};
  (pkg.environmentVariables ?? []).forEach((kv, i) => {
    const value = keyValueOf(kv, `${key}/environmentVariables/${i}`, 'env', r);
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
