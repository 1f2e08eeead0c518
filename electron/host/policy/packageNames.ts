// Which of a registry entry's packages — or its source repository — a launch runs, however it was
// written: `npx -y @acme/tool@1.2.3`, `npx --package=@acme/tool mcp`, an npm alias, the registry's
// tarball URL, `uvx --from acme_tool mcp`, a wheel's URL, `pipx run Acme.Tool==2`,
// `docker run registry.hub.docker.com/acme/tool:1`, `npx github:acme/tool`, inside `sh -c '…'` or
// after `env`. A deny rule for an entry then catches its package run by hand, by a link or by an
// import, not only the entry installed from the registry. Every piece of the launch is read
// (launchTokens.ts), each the ways its registry spells names (packageSpellings.ts) or as a
// repository (repositorySpellings.ts); what a name in a URL can and cannot prove is said there.
import type { LaunchToken } from './launchTokens';
import { canonicalName, namesSpelled } from './packageSpellings';
import { repositorySpelled } from './repositorySpellings';

/** One package of an entry, as server.json names it. */
export interface PackageName {
  registryType: string;
  identifier: string;
}

/** What a registry rule's entries name: their packages and source repositories (URLs). */
export interface EntryNames {
  packages: readonly PackageName[];
  repositories: readonly string[];
}

/** What a launch was found to run, and the word of the launch that says so. */
export type NamedBy =
  | { kind: 'package'; pkg: PackageName; word: string }
  | { kind: 'repository'; url: string; word: string };

/** The first package or repository of `names` that a piece of `tokens` names, or undefined. */
export function namedIn(tokens: readonly LaunchToken[], names: EntryNames): NamedBy | undefined {
  for (const pkg of names.packages) {
    const wanted = canonicalName(pkg.registryType, pkg.identifier);
    if (wanted === '') continue;
    const hit = tokens.find(({ token }) => namesSpelled(pkg.registryType, token).includes(wanted));
    if (hit) return { kind: 'package', pkg, word: hit.word };
  }
  for (const url of names.repositories) {
    const wanted = repositorySpelled(url);
    if (wanted === undefined) continue;
    const hit = tokens.find(({ token }) => repositorySpelled(token) === wanted);
    if (hit) return { kind: 'repository', url, word: hit.word };
  }
  return undefined;
}
