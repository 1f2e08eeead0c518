import { describe, expect, it } from 'vitest';
import { launchTokens } from './launchTokens';
import { type EntryNames, namedIn, type PackageName } from './packageNames';

const npm: PackageName = { registryType: 'npm', identifier: '@acme/tool' };
const pypi: PackageName = { registryType: 'pypi', identifier: 'acme-tool' };
const oci: PackageName = { registryType: 'oci', identifier: 'docker.io/acme/tool' };
const nuget: PackageName = { registryType: 'nuget', identifier: 'Acme.Server' };
const names: EntryNames = {
  packages: [npm, pypi, oci, nuget],
  repositories: ['https://github.com/acme/tool'],
};
const named = (words: string[]) => namedIn(launchTokens(words), names);
const pkg = (words: string[]) => {
  const hit = named(words);
  return hit?.kind === 'package' ? hit.pkg : undefined;
};

describe('namedIn', () => {
  const spelled: [string[], PackageName][] = [
    [['-y', '@acme/tool@1.2.3'], npm],
    [['-y', '@ACME/Tool'], npm],
    [['--package=@acme/tool@latest', 'acme'], npm],
    [['-p', '@acme/tool', 'acme'], npm],
    [['dlx', 'npm:@acme/tool@1'], npm],
    // Second attack run, finding 3: an alias, the registry's tarball, a copy in node_modules.
    [['-y', 'tool@npm:@acme/tool@1.0.0'], npm],
    [['-y', '-p', 'x@NPM:@Acme/Tool', 'x'], npm],
    [['-y', 'https://registry.npmjs.org/@acme/tool/-/tool-1.2.3.tgz'], npm],
    [['-y', 'http://127.0.0.1:4873/npm/@acme%2Ftool/-/tool-1.2.3.tgz?token=x'], npm],
    [['C:\\Users\\me\\node_modules\\@acme\\tool\\dist\\index.js'], npm],
    [['-y', './acme-tool-1.0.0.tgz'], npm],
    [['-y', 'file:/tmp/packs/acme-tool-2.0.0-beta.1.tgz'], npm],
    [['acme-tool==1.0'], pypi],
    [['--from', 'Acme_Tool[extra]>=2', 'acme'], pypi],
    [['run', '--spec=acme.tool@3', 'acme'], pypi],
    [['--from', 'https://files.pythonhosted.org/packages/ab/acme_tool-1.0-py3-none-any.whl', 'x'], pypi],
    [['install', '/tmp/Acme.Tool-2.0.1.tar.gz'], pypi],
    [['run', '-i', '--rm', 'acme/tool:1.0'], oci],
    [['run', 'index.docker.io/acme/tool@sha256:abc'], oci],
    [['run', 'registry.hub.docker.com/acme/tool'], oci],
    [['run', 'REGISTRY-1.DOCKER.IO/acme/tool:2'], oci],
    [['acme.server@1.0.0', '--yes'], nuget],
    [['add', 'https://example.com/acme.server.1.0.0.nupkg'], nuget],
    // Inside a shell string, however quoted.
    [['-c', 'npx -y "@acme/tool@1" --port 1'], npm],
    [['-c', "exec n''px -y '@acme'/tool"], npm],
    [['-c', 'sh -c "uvx acme_tool"'], pypi],
  ];
  it.each(spelled)('%j runs %j', (words, expected) => {
    expect(pkg(words)).toEqual(expected);
  });

  it('names the word it was found in', () => {
    expect(named(['-c', 'npx -y @acme/tool'])).toEqual({
      kind: 'package',
      pkg: npm,
      word: 'npx -y @acme/tool',
    });
  });

  it('a repository in any of its spellings is the entry’s repository', () => {
    for (const word of [
      'github:acme/tool',
      'github:Acme/Tool#v1.0.0',
      'acme/tool',
      'git+https://github.com/acme/tool.git',
      'git+ssh://git@github.com/acme/tool.git#main',
      'git://github.com/acme/tool',
      'git@github.com:acme/tool.git',
      'https://codeload.github.com/acme/tool/tar.gz/refs/tags/v1',
      'https://github.com/acme/tool/archive/refs/tags/v1.tar.gz',
      'git+https://github.com/acme/tool#egg=anything',
    ])
      expect(
        namedIn(launchTokens(['-y', word]), { packages: [], repositories: names.repositories }),
        word,
      ).toEqual({
        kind: 'repository',
        url: 'https://github.com/acme/tool',
        word,
      });
  });

  it('other packages, repositories and near names are not it', () => {
    for (const words of [
      ['-y', '@acme/tool-2'],
      ['-y', '@acme-evil/tool'],
      ['-y', 'tool@npm:@acme/other'],
      ['-y', 'https://registry.npmjs.org/@acme/other/-/tool-1.0.0.tgz'],
      ['-y', 'https://example.com/tool-1.0.0.tgz'],
      ['acme-tools'],
      ['https://files.pythonhosted.org/packages/ab/acme_tools-1.0-py3-none-any.whl'],
      ['run', 'ghcr.io/acme/tool'],
      ['github:acme/tool-fork'],
      ['github:evil/tool'],
      ['https://gitlab.com/acme/tool'],
      ['-c', 'npx -y @acme/other'],
    ])
      expect(named(words), JSON.stringify(words)).toBeUndefined();
  });
});
