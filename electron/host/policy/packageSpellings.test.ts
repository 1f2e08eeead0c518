import { describe, expect, it } from 'vitest';
import { canonicalName, namesSpelled } from './packageSpellings';

describe('canonicalName', () => {
  it('compares names as each registry does', () => {
    expect(canonicalName('npm', '@Acme/Tool')).toBe('@acme/tool');
    expect(canonicalName('PyPI', 'Acme_Tool.Server')).toBe('acme-tool-server');
    expect(canonicalName('oci', 'docker.io/library/postgres:16')).toBe('postgres');
    expect(canonicalName('oci', 'registry.hub.docker.com/acme/tool@sha256:ab')).toBe('acme/tool');
    expect(canonicalName('nuget', 'Acme.Server')).toBe('acme.server');
    expect(canonicalName('mcpb', 'https://example.com/x.mcpb')).toBe('');
  });
});

describe('namesSpelled', () => {
  it('npm: a plain spec, an alias, a registry tarball URL, a packed file, a node_modules path', () => {
    expect(namesSpelled('npm', '@acme/tool@1.2.3')).toContain('@acme/tool');
    expect(namesSpelled('npm', 'tool@npm:@acme/tool@1')).toEqual(
      expect.arrayContaining(['tool', '@acme/tool']),
    );
    expect(namesSpelled('npm', 'https://npm.example/@acme/tool/-/tool-1.0.0.tgz')).toContain('@acme/tool');
    expect(namesSpelled('npm', 'https://npm.example/tool/-/tool-1.0.0.tgz')).toContain('tool');
    expect(namesSpelled('npm', 'acme-tool-1.0.0.tgz')).toEqual(
      expect.arrayContaining(['acme-tool', '@acme/tool']),
    );
    expect(namesSpelled('npm', '/x/node_modules/.bin/tool')).not.toContain('.bin');
    expect(namesSpelled('npm', '/x/node_modules/@acme/tool/index.js')).toContain('@acme/tool');
  });

  it('pypi: a requirement, a wheel, an sdist (a name holding "-" too)', () => {
    expect(namesSpelled('pypi', 'Acme_Tool[cli]>=1')).toContain('acme-tool');
    expect(namesSpelled('pypi', 'https://x/acme_tool-1.0-py3-none-any.whl')).toContain('acme-tool');
    expect(namesSpelled('pypi', 'acme-tool-server-2.0.1.tar.gz')).toContain('acme-tool-server');
  });

  it('nuget: an id, a .nupkg file', () => {
    expect(namesSpelled('nuget', 'Acme.Server@1.0.0')).toContain('acme.server');
    expect(namesSpelled('nuget', 'https://x/Acme.Server.1.0.0-beta.nupkg')).toContain('acme.server');
  });

  it('a type it does not read spells nothing', () => {
    expect(namesSpelled('mcpb', 'anything')).toEqual([]);
  });
});
