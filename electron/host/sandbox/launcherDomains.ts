import { runnerOf } from '../policy/packageRunners';

/**
 * The package registry a launcher fetches from, so a confined `npx -y pkg` or `uvx pkg` still
 * installs its package: npm for npx/npm/pnpm/yarn/bunx, PyPI for uvx/uv/pipx/pip. Only the
 * registry, never the package's own reach: a server that fetches elsewhere needs that allowed.
 */
const LAUNCHERS: Record<string, string[]> = {
  npx: ['registry.npmjs.org'],
  npm: ['registry.npmjs.org'],
  pnpm: ['registry.npmjs.org'],
  pnpx: ['registry.npmjs.org'],
  yarn: ['registry.npmjs.org', 'registry.yarnpkg.com'],
  bunx: ['registry.npmjs.org'],
  uvx: ['pypi.org', 'files.pythonhosted.org'],
  uv: ['pypi.org', 'files.pythonhosted.org'],
  pipx: ['pypi.org', 'files.pythonhosted.org'],
  pip: ['pypi.org', 'files.pythonhosted.org'],
};

/** The launcher a command names (as the policy reads a package runner's name: `NPX.CMD`, `pip3.11`…), or undefined. */
export function launcherOf(command: string): string | undefined {
  const runner = runnerOf(command);
  return runner !== undefined && runner in LAUNCHERS ? runner : undefined;
}

/** The registry domains the launcher `command` needs, or none. */
export function launcherDomains(command: string): string[] {
  const launcher = launcherOf(command);
  return launcher ? [...LAUNCHERS[launcher]!] : [];
}
