import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureDocuments } from '../../../../e2e/fixtures/registry/fixtureCatalog';
import { validateServerJson } from './validateServerJson';

const fixtures = new URL('../../../../e2e/fixtures/registry/', import.meta.url);
const readJson = (relative: string): unknown => JSON.parse(readFileSync(new URL(relative, fixtures), 'utf8'));
const examples = (kind: 'valid' | 'invalid') =>
  readdirSync(new URL(`upstream/examples/${kind}/`, fixtures)).map((name) => [
    name,
    readJson(`upstream/examples/${kind}/${name}`),
  ]);

describe('validateServerJson', () => {
  it('keeps the official 2025-12-11 schema as it was published', () => {
    const bytes = readFileSync(new URL('./server.schema.json', import.meta.url));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      'b482eb1ff78a30d9a2df3bfbd549637e61cd60db23aef95a2c3c9ec498003ab3',
    );
    expect(JSON.parse(bytes.toString('utf8')).$id).toBe(
      'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    );
  });

  it.each(examples('valid'))("accepts the registry's valid example %s", (_name, document) => {
    expect(validateServerJson(document)).toMatchObject({ ok: true });
  });

  const expected: Record<string, string[]> = {
    'bad-name-pattern.json': ['name must match pattern "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"'],
    'description-too-long.json': ['description must NOT have more than 100 characters'],
    'missing-name.json': ['(the entry) needs name'],
    'package-version-latest.json': ['packages[0].version must not be "latest"'],
    'positional-argument-missing-value.json': ['packages[0].packageArguments[0] needs valueHint or value'],
  };
  it.each(examples('invalid'))("refuses the registry's invalid example %s, saying why", (name, document) => {
    expect(validateServerJson(document)).toEqual({ ok: false, reasons: expected[String(name)] });
  });

  it('accepts every documented example and real published entry, and refuses the real bad submission', () => {
    const seed = readJson('upstream/seed/seed.json') as unknown[];
    for (const document of seed.slice(0, 4)) expect(validateServerJson(document).ok).toBe(true);
    expect(validateServerJson(seed[4])).toEqual({
      ok: false,
      reasons: ['name must match pattern "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"', 'packages[0] needs transport'],
    });
    for (const file of readdirSync(new URL('upstream/docs/', fixtures)))
      expect(validateServerJson(readJson(`upstream/docs/${file}`)), file).toMatchObject({ ok: true });
    // Every document the fixture serves is judged, none throws.
    expect(fixtureDocuments().map((d) => validateServerJson(d).ok)).toContain(false);
  });

  it('names only the branch an argument or transport chose, and caps the list', () => {
    const check = validateServerJson({
      name: 'io.github.user/x',
      description: 'x',
      version: '1.0.0',
      remotes: [{ type: 'websocket', url: 'wss://example.com' }, { type: 'sse' }],
      packages: [
        {
          registryType: 'npm',
          identifier: 'x',
          transport: { type: 'stdio' },
          packageArguments: [{ type: 'named' }, { type: 'positional', valueHint: 'path' }],
        },
      ],
    });
    expect(check).toEqual({
      ok: false,
      reasons: [
        'remotes[0].type must be one of streamable-http, sse',
        'packages[0].packageArguments[0] needs name',
        'remotes[1] needs url',
      ],
    });
    const many = validateServerJson({
      name: 1,
      description: 2,
      version: 3,
      title: 4,
      websiteUrl: 5,
      icons: 6,
      packages: 7,
      remotes: 8,
    });
    expect(many.ok).toBe(false);
    if (!many.ok) {
      expect(many.reasons).toHaveLength(7);
      expect(many.reasons.at(-1)).toBe('and 2 more problems');
    }
  });

  it('refuses what is not an object at all', () => {
    expect(validateServerJson('server.json')).toEqual({ ok: false, reasons: ['(the entry) must be object'] });
    expect(validateServerJson(null).ok).toBe(false);
  });
});
