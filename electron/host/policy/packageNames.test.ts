import { describe, expect, it } from 'vitest';
import { namedPackage, type PackageName, packageRunner } from './packageNames';

const npm: PackageName = { registryType: 'npm', identifier: '@acme/tool' };
const pypi: PackageName = { registryType: 'pypi', identifier: 'acme-tool' };
const oci: PackageName = { registryType: 'oci', identifier: 'docker.io/acme/tool' };
const nuget: PackageName = { registryType: 'nuget', identifier: 'Acme.Server' };
const all = [npm, pypi, oci, nuget];

describe('namedPackage', () => {
  const named: [string[], PackageName][] = [
    [['-y', '@acme/tool@1.2.3'], npm],
    [['-y', '@ACME/Tool'], npm],
    [['--package=@acme/tool@latest', 'acme'], npm],
    [['-p', '@acme/tool', 'acme'], npm],
    [['dlx', 'npm:@acme/tool@1'], npm],
    [['acme-tool==1.0'], pypi],
    [['--from', 'Acme_Tool[extra]>=2', 'acme'], pypi],
    [['run', '--spec=acme.tool@3', 'acme'], pypi],
    [['run', '-i', '--rm', 'acme/tool:1.0'], oci],
    [['run', 'index.docker.io/acme/tool@sha256:abc'], oci],
    [['acme.server@1.0.0', '--yes'], nuget],
  ];
  it.each(named)('%j runs %j', (args, pkg) => {
    expect(namedPackage(args, all)).toEqual(pkg);
  });

  it('other packages and near names are not it', () => {
    for (const args of [
      ['-y', '@acme/tool-2'],
      ['-y', '@acme-evil/tool'],
      ['acme-tools'],
      ['run', 'ghcr.io/acme/tool'],
    ])
      expect(namedPackage(args, all)).toBeUndefined();
  });
});

describe('packageRunner', () => {
  it('knows a runner by its name or its real file', () => {
    expect(packageRunner('npx')).toBe('npx');
    expect(packageRunner('C:\\Program Files\\nodejs\\NPX.CMD')).toBe('npx');
    expect(packageRunner('node-look-alike', '/usr/lib/node_modules/npm/bin/npx-cli.js')).toBe('npx');
    expect(packageRunner('/usr/bin/uvx')).toBe('uvx');
    expect(packageRunner('node', '/usr/bin/node')).toBeUndefined();
  });
});
