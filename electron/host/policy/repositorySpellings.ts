// The source repository a piece of a launch names, as `host/owner/repo` in lower case, so a launch
// that installs a denied entry straight from its repository (server.json's `repository.url`) is
// caught: npm's `github:acme/tool`, `gitlab:` and `bitbucket:` and its bare `acme/tool` (GitHub),
// `git+https://…`, `git+ssh://git@host/…`, `git@host:owner/repo.git`, and a forge's archive URL
// (`https://github.com/acme/tool/archive/v1.tar.gz`, codeload.github.com). A repository is named by
// where it lives: a fork or a mirror under another name is another repository, and a name proves
// nothing about the code (a repository can hold anything); this catches the usual spellings of the
// entry's own repository.

const SHORTHANDS: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
};
/** Hosts that serve one forge's repositories under the same owner/repo path. */
const SAME_FORGE: Readonly<Record<string, string>> = {
  'www.github.com': 'github.com',
  'codeload.github.com': 'github.com',
  'www.gitlab.com': 'gitlab.com',
  'www.bitbucket.org': 'bitbucket.org',
};

/** `owner/repo`, then `.git`, pip's `@ref` or more path. */
const OWNER_REPO = /^\/*([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?(?:@[^/]*)?(?:\/|$)/;

function repositoryAt(host: string, path: string): string | undefined {
  const m = path.match(OWNER_REPO);
  if (!m) return undefined;
  const forge = host.toLowerCase().replace(/\.$/, '');
  return `${SAME_FORGE[forge] ?? forge}/${m[1]}/${m[2]}`.toLowerCase();
}

/** The repository `token` names (`github.com/acme/tool`), or undefined. */
export function repositorySpelled(token: string): string | undefined {
  const text = token.split('#')[0]!;
  const shorthand = text.match(/^([a-z]+):(?!\/\/)(.*)$/i);
  if (shorthand) {
    const host = SHORTHANDS[shorthand[1]!.toLowerCase()];
    return host ? repositoryAt(host, shorthand[2]!) : undefined;
  }
  const url = text.replace(/^git\+/i, '');
  if (/^(?:https?|git|ssh):\/\//i.test(url) && URL.canParse(url)) {
    const parsed = new URL(url);
    return repositoryAt(parsed.hostname, parsed.pathname);
  }
  const scp = url.match(/^[A-Za-z0-9_.-]+@([A-Za-z0-9.-]+):(.+)$/);
  if (scp) return repositoryAt(scp[1]!, scp[2]!);
  // npm reads a bare `owner/repo` as a GitHub repository.
  if (/^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/.test(url)) return repositoryAt('github.com', url);
  return undefined;
}
