import { describe, expect, it } from 'vitest';
import { repositorySpelled } from './repositorySpellings';

describe('repositorySpelled', () => {
  it('reads a repository in each way npm, pip, uv and git write one', () => {
    const cases: [string, string][] = [
      ['https://github.com/Acme/Tool', 'github.com/acme/tool'],
      ['https://www.github.com/acme/tool.git', 'github.com/acme/tool'],
      ['github:acme/tool#semver:^1', 'github.com/acme/tool'],
      ['gitlab:acme/tool', 'gitlab.com/acme/tool'],
      ['bitbucket:acme/tool', 'bitbucket.org/acme/tool'],
      ['acme/tool', 'github.com/acme/tool'],
      ['git+https://gitlab.com/acme/tool.git@v1#egg=acme-tool', 'gitlab.com/acme/tool'],
      ['git+https://github.com/acme/tool@main', 'github.com/acme/tool'],
      ['git+ssh://git@github.com/acme/tool.git', 'github.com/acme/tool'],
      ['git@github.com:acme/tool.git', 'github.com/acme/tool'],
      ['https://codeload.github.com/acme/tool/tar.gz/v1', 'github.com/acme/tool'],
      ['https://github.com/acme/tool/archive/v1.tar.gz', 'github.com/acme/tool'],
      ['https://git.acme.example/team/tool', 'git.acme.example/team/tool'],
    ];
    for (const [word, repository] of cases) expect(repositorySpelled(word), word).toBe(repository);
  });

  it('a word that names no repository is none', () => {
    for (const word of [
      '@acme/tool',
      'npm:@acme/tool',
      'acme-tool==1',
      'C:\\tools\\x',
      'https://github.com/',
      'foo',
    ])
      expect(repositorySpelled(word), word).toBeUndefined();
  });
});
