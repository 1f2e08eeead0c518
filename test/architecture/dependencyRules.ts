import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Which areas each area may import (docs/architecture.md, "Layers"). shared is the leaf everyone may use. */
const ALLOWED: Record<string, readonly string[]> = {
  shared: ['shared'],
  renderer: ['renderer', 'shared'],
  'electron/mcp': ['electron/mcp', 'shared'],
  'electron/llm': ['electron/llm', 'electron/mcp', 'shared'],
  'electron/store': ['electron/store', 'electron/mcp', 'shared'],
  'electron/host': ['electron/host', 'electron/mcp', 'electron/llm', 'electron/store', 'shared'],
  // The host for `chat` (DESIGN: cli → mcp, host); never a store or a model SDK of its own.
  'electron/cli': ['electron/cli', 'electron/mcp', 'electron/host', 'shared'],
  'electron/web': ['electron/web', 'electron/host', 'shared'],
  'electron/main': ['electron/main', 'electron/host', 'shared'],
  'electron/preload': ['electron/preload', 'shared'],
};
const ELECTRON_ALLOWED = new Set(['electron/main', 'electron/preload']);
/**
 * Packages only one folder may import: a model SDK stays inside its provider (electron/llm/<name>),
 * behind the ModelProvider seam, so no SDK type reaches the host, the shells or the page; of the
 * bundle format's library the installer uses the manifest schemas, the rest is for its tests
 * (`testsOnly`: no production file there either).
 */
const SDK_SEAM = 'the host speaks ModelProvider';
const PACKAGE_HOMES: readonly {
  pattern: RegExp;
  name: string;
  home: string;
  why: string;
  testsOnly?: boolean;
}[] = [
  // @anthropic-ai/mcpb is no model SDK: the bundle format's own tools, a devDependency; nor is the
  // sandbox runtime.
  {
    pattern: /^@anthropic-ai\/(?!(mcpb|sandbox-runtime)(\/|$))/,
    name: '@anthropic-ai/*',
    home: 'electron/llm/anthropic',
    why: SDK_SEAM,
  },
  { pattern: /^openai(\/|$)/, name: 'openai', home: 'electron/llm/openai', why: SDK_SEAM },
  {
    pattern: /^@anthropic-ai\/mcpb\/schemas$/,
    name: "@anthropic-ai/mcpb's manifest schemas",
    home: 'electron/host/install/bundles',
    why: "a bundle's manifest is checked in one place, manifestSchemas.ts",
  },
  {
    pattern: /^@anthropic-ai\/mcpb(\/|$)/,
    name: '@anthropic-ai/mcpb',
    home: 'electron/host/install/bundles',
    why: "the app's trust check is its own (PKI.js); the package's signing and packing are the tests' tools",
    testsOnly: true,
  },
  {
    pattern: /^@anthropic-ai\/sandbox-runtime(\/|$)/,
    name: '@anthropic-ai/sandbox-runtime',
    home: 'electron/host/sandbox',
    why: 'one engine per process (sandboxEngine.ts): the runtime allows one configuration',
  },
  {
    pattern: /^proper-lockfile(\/|$)/,
    name: 'proper-lockfile',
    home: 'electron/store',
    why: 'a file shared between processes is locked in one way, withFileLock.ts, with the store',
  },
  {
    pattern: /^@opentelemetry\//,
    name: 'OpenTelemetry',
    home: 'electron/host/telemetry',
    why: 'the protocol library and the model layer report through observer seams the telemetry area implements',
  },
  {
    pattern: /^(pkijs|asn1js)(\/|$)/,
    name: 'pkijs and asn1js',
    home: 'electron/host/install/bundles',
    why: "a bundle's signature is read in one place, cmsSignature.ts",
  },
];
/**
 * Folders inside an area whose imports go one way only (production files): the policy judges what the
 * install paths make — it reads the origin they record and asks a registry as they do — so they never
 * ask the policy anything; what both need (which env names change a launch) lives in config/.
 */
const ONE_WAY: readonly { from: string; never: string; why: string }[] = [
  {
    from: 'electron/host/install',
    never: 'electron/host/policy',
    why: 'the policy judges installs, installs never import the policy (what both need goes to electron/host/config)',
  },
];
/** Test and tooling code may reach anywhere, but never the `electron` module. */
const UNRESTRICTED = ['e2e', 'bench', 'test'];

function areaOf(file: string): string | undefined {
  const p = file.split(path.sep).join('/');
  if (p === 'shared' || p.startsWith('shared/')) return 'shared';
  if (p === 'renderer' || p.startsWith('renderer/')) return 'renderer';
  const m = p.match(/^electron\/([^/]+)(?:\/|$)/);
  return m ? `electron/${m[1]}` : undefined;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]!);
}

/** The violation one import makes, or undefined. `file` is relative to the repository root. */
export function checkImport(file: string, specifier: string): string | undefined {
  const from = areaOf(file);
  const top = file.split(/[\\/]/)[0]!;
  if (specifier === 'electron' || specifier.startsWith('electron/')) {
    if (!from || !ELECTRON_ALLOWED.has(from))
      return `${file} imports '${specifier}' (only electron/main and electron/preload may)`;
    return undefined;
  }
  if (!from || UNRESTRICTED.includes(top)) return undefined;
  if (!specifier.startsWith('.')) {
    const p = file.split(/[\\/]/).join('/');
    const rule = PACKAGE_HOMES.find((r) => r.pattern.test(specifier));
    if (rule && !p.startsWith(`${rule.home}/`))
      return `${file} imports '${specifier}' (only ${rule.home} may import ${rule.name}: ${rule.why})`;
    if (rule?.testsOnly && isProductionFile(file))
      return `${file} imports '${specifier}' (only tests in ${rule.home} may import ${rule.name}: ${rule.why})`;
    return undefined;
  }
  const resolved = path
    .normalize(path.join(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
  // Tests beside the code they test may use the shared test fixtures; production code may not.
  if (/\.test\.tsx?$/.test(file) && resolved.startsWith('e2e/fixtures/')) return undefined;
  const oneWay = ONE_WAY.find(
    (r) => file.split(path.sep).join('/').startsWith(`${r.from}/`) && resolved.startsWith(`${r.never}/`),
  );
  if (oneWay && isProductionFile(file)) return `${file} imports ${specifier}: ${oneWay.why}`;
  const target = areaOf(resolved);
  if (!target) return `${file} imports ${specifier}, outside the source areas`;
  if (!ALLOWED[from]?.includes(target))
    return `${file} (${from}) imports ${specifier} (${target}); ${from} may import ${ALLOWED[from]?.join(', ')}`;
  return undefined;
}

export function sourceFiles(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(path.join(root, dir));
    } catch {
      return;
    }
    for (const name of names) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(name)) out.push(rel);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

/** Where the app's own code lives: what ships, or runs it (scripts). */
const PRODUCTION_AREAS = ['electron', 'shared', 'renderer', 'scripts'];

/** A production file, not a test or a test's helper. `file` is relative to the repository root. */
export const isProductionFile = (file: string): boolean => {
  const p = file.split(path.sep).join('/');
  return (
    PRODUCTION_AREAS.some((a) => p.startsWith(`${a}/`)) &&
    !/\.test\.[cm]?[jt]sx?$/.test(p) &&
    !p.startsWith('renderer/test/')
  );
};

export function productionFiles(root: string): string[] {
  return sourceFiles(root, PRODUCTION_AREAS).filter(isProductionFile);
}

export function violations(root: string): string[] {
  const files = sourceFiles(root, ['shared', 'renderer', 'electron', ...UNRESTRICTED]);
  return files.flatMap((file) =>
    importsOf(readFileSync(path.join(root, file), 'utf8'))
      .map((spec) => checkImport(file, spec))
      .filter((v): v is string => v !== undefined),
  );
}
