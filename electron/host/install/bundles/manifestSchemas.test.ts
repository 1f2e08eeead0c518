// biome-ignore-all lint/suspicious/noTemplateCurlyInString: manifests are written in their own ${…} syntax
// The manifest schemas the installer checks a bundle with (the spec package's own): for each version,
// valid manifests are accepted, broken ones refused with each problem named at its place, in the words
// `mcpb validate` uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isManifestVersion,
  MANIFEST_VERSIONS,
  type ManifestVersion,
  validateManifest,
} from './manifestSchemas';

type Json = Record<string, unknown>;
type Issue = { path: PropertyKey[]; message: string };
type Outcome = { success: true; data: unknown } | { success: false; problems: string[] };

const outcome = (r: { success: boolean; data?: unknown; error?: { issues: Issue[] } }): Outcome =>
  r.success
    ? { success: true, data: r.data }
    : {
        success: false,
        problems: r.error!.issues.map(
          (i) => `${i.path.map(String).join('.') || '(top level)'}: ${i.message}`,
        ),
      };
const ours = (v: ManifestVersion, m: unknown) => outcome(validateManifest(v, m));

const fixture = JSON.parse(
  readFileSync(path.join(__dirname, '../../../../e2e/fixtures/mcpb/manifest.json'), 'utf8'),
) as Json;
const at = (v: ManifestVersion, m: Json): Json => ({ ...m, manifest_version: v });

const minimal = (v: ManifestVersion): Json => ({
  manifest_version: v,
  name: 'm',
  version: '1.0.0',
  description: 'd',
  author: { name: 'a' },
  server: { type: 'node', entry_point: 'i.js', mcp_config: { command: 'node' } },
});

/** Every field the version knows, each filled in. */
function full(v: ManifestVersion): Json {
  const m: Json = {
    $schema: 'https://example.com/manifest.schema.json',
    manifest_version: v,
    name: 'full',
    display_name: 'Full',
    version: '2.0.0',
    description: 'd',
    long_description: 'A longer description',
    author: { name: 'Ada', email: 'ada@example.com', url: 'https://example.com/ada' },
    repository: { type: 'git', url: 'https://github.com/example/full' },
    homepage: 'https://example.com',
    documentation: 'https://example.com/docs',
    support: 'mailto:help@example.com',
    icon: 'icon.png',
    screenshots: ['a.png', 'b.png'],
    server: {
      type: 'python',
      entry_point: 'server/main.py',
      mcp_config: {
        command: 'python',
        args: ['${__dirname}/server/main.py', '${user_config.root}'],
        env: { PYTHONPATH: '${__dirname}/lib', TOKEN: '${user_config.token}' },
        platform_overrides: {
          win32: { command: 'python.exe' },
          darwin: { args: ['-u'], env: { A: 'b' } },
          linux: {},
        },
      },
    },
    tools: [{ name: 't1', description: 'one' }, { name: 't2' }],
    tools_generated: true,
    prompts: [
      { name: 'p', description: 'a prompt', arguments: ['x', 'y'], text: 'Say ${arguments.x}' },
      { name: 'q', text: 'q' },
    ],
    prompts_generated: false,
    keywords: ['k1', 'k2'],
    license: 'MIT',
    compatibility: {
      claude_desktop: '>=0.10.0',
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { python: '>=3.10', node: '>=22' },
    },
    user_config: {
      token: { type: 'string', title: 'Token', description: 'd', sensitive: true, required: true },
      root: { type: 'directory', title: 'Root', description: 'd', multiple: true, default: ['${HOME}'] },
      file: { type: 'file', title: 'File', description: 'd', default: '${__dirname}/a.json' },
      limit: { type: 'number', title: 'Limit', description: 'd', min: 1, max: 10.5, default: 5 },
      debug: { type: 'boolean', title: 'Debug', description: 'd', default: true },
    },
  };
  if (v !== '0.1') m.privacy_policies = ['https://example.com/privacy'];
  if (v === '0.3' || v === '0.4') {
    m.icons = [
      { src: 'icon-16.png', size: '16x16' },
      { src: 'icon-dark.png', size: '512x512', theme: 'dark' },
    ];
    m.localization = { resources: 'locales/${locale}.json', default_locale: 'en-US' };
    m._meta = { 'com.example': { anything: [1, { b: null }] }, empty: {} };
  }
  if (v === '0.4') (m.server as Json).type = 'uv';
  return m;
}

/** Manifests both should take, for one version. */
const valid = (v: ManifestVersion): [string, Json][] => [
  ['the minimal one', minimal(v)],
  ['every field filled in', full(v)],
  ['the bundle tests’ fixture', at(v, fixture)],
  ['dxt_version instead of manifest_version', { ...minimal(v), manifest_version: undefined, dxt_version: v }],
  ['both version fields', { ...minimal(v), dxt_version: v }],
  [
    'a binary server',
    { ...minimal(v), server: { type: 'binary', entry_point: 'b', mcp_config: { command: 'b' } } },
  ],
  // From bundleForm.test.ts and bundleLaunch.test.ts.
  [
    'user_config of every type',
    {
      ...minimal(v),
      user_config: {
        roots: {
          type: 'directory',
          title: 'R',
          description: 'd',
          multiple: true,
          default: ['${HOME}/Desktop'],
        },
        config: { type: 'file', title: 'C', description: 'd', default: '${__dirname}/config.json' },
        timeout: { type: 'number', title: 'T', description: 'd', min: 1, max: 300, default: 30 },
        debug: { type: 'boolean', title: 'D', description: 'd' },
        empty: { type: 'string', title: '', description: '', default: '' },
      },
    },
  ],
  ['an empty user_config, tools and keywords', { ...minimal(v), user_config: {}, tools: [], keywords: [] }],
  [
    'an e-mail with a plus and an apostrophe',
    { ...minimal(v), author: { name: 'a', email: "o'ne+x@a-b.example.org" } },
  ],
  ['a URL of any scheme', { ...minimal(v), homepage: 'ftp://example.com/x', support: 'urn:isbn:0451450523' }],
];

/** Changes that break a manifest (or, for some versions, do not), each applied to a full manifest. */
const changes: [string, (m: Json) => void][] = [
  ['no name', (m) => delete m.name],
  ['no description', (m) => delete m.description],
  ['no version', (m) => delete m.version],
  ['no author', (m) => delete m.author],
  ['no author name', (m) => delete (m.author as Json).name],
  ['no server', (m) => delete m.server],
  ['no entry point', (m) => delete (m.server as Json).entry_point],
  ['no mcp_config', (m) => delete (m.server as Json).mcp_config],
  ['no command', (m) => delete ((m.server as Json).mcp_config as Json).command],
  ['no version field at all', (m) => delete m.manifest_version],
  [
    'no version field and an unknown key',
    (m) => {
      delete m.manifest_version;
      m.extra = 1;
    },
  ],
  [
    'a version field of another version',
    (m) => (m.manifest_version = m.manifest_version === '0.1' ? '0.2' : '0.1'),
  ],
  ['a dxt_version of another version', (m) => (m.dxt_version = '0.0')],
  ['a numeric version field', (m) => (m.manifest_version = 0.1)],
  ['a number for a name', (m) => (m.name = 42)],
  ['null for a version', (m) => (m.version = null)],
  ['a string for an author', (m) => (m.author = 'Ada')],
  ['an array for an author', (m) => (m.author = ['Ada'])],
  ['a boolean for display_name', (m) => (m.display_name = true)],
  ['an unknown server type', (m) => ((m.server as Json).type = 'ruby')],
  ['the uv server type', (m) => ((m.server as Json).type = 'uv')],
  ['a number for a server type', (m) => ((m.server as Json).type = 3)],
  ['no server type', (m) => delete (m.server as Json).type],
  ['a string for args', (m) => (((m.server as Json).mcp_config as Json).args = '--x')],
  ['a number among args', (m) => (((m.server as Json).mcp_config as Json).args = ['a', 2, null])],
  ['a number in env', (m) => (((m.server as Json).mcp_config as Json).env = { A: 1 })],
  ['an array for env', (m) => (((m.server as Json).mcp_config as Json).env = ['A=1'])],
  [
    'a platform override with an unknown key',
    (m) => (((m.server as Json).mcp_config as Json).platform_overrides = { win32: { cwd: 'x' } }),
  ],
  [
    'a platform override of the wrong type',
    (m) => (((m.server as Json).mcp_config as Json).platform_overrides = { win32: 'python.exe' }),
  ],
  ['an unknown top-level key', (m) => (m.homepage_url = 'https://example.com')],
  ['two unknown top-level keys', (m) => Object.assign(m, { a: 1, b: 2 })],
  ['an unknown key in server', (m) => ((m.server as Json).cwd = '.')],
  ['an unknown key in mcp_config', (m) => (((m.server as Json).mcp_config as Json).cwd = '.')],
  ['an unknown key in author', (m) => ((m.author as Json).twitter = '@a')],
  ['an unknown runtime', (m) => (((m.compatibility as Json).runtimes as Json).ruby = '3')],
  ['an unknown platform', (m) => ((m.compatibility as Json).platforms = ['linux', 'freebsd'])],
  ['a string for platforms', (m) => ((m.compatibility as Json).platforms = 'linux')],
  ['a bad e-mail', (m) => ((m.author as Json).email = 'not an email')],
  ['an e-mail with two dots', (m) => ((m.author as Json).email = 'a..b@example.com')],
  ['a bad homepage', (m) => (m.homepage = 'example.com')],
  ['a bad support url', (m) => (m.support = 'help desk')],
  ['a bad documentation url', (m) => (m.documentation = 'https://')],
  ['a bad author url', (m) => ((m.author as Json).url = '/relative')],
  ['a bad repository url', (m) => ((m.repository as Json).url = '')],
  ['a repository without type', (m) => (m.repository = { url: 'https://example.com' })],
  ['a bad privacy policy', (m) => (m.privacy_policies = ['https://example.com', 'nope'])],
  ['a tool without a name', (m) => (m.tools = [{ description: 'x' }])],
  ['a string for tools', (m) => (m.tools = 'all')],
  ['a string for tools_generated', (m) => (m.tools_generated = 'yes')],
  ['a prompt without text', (m) => (m.prompts = [{ name: 'p' }])],
  ['a prompt with numeric arguments', (m) => (m.prompts = [{ name: 'p', text: 't', arguments: [1] }])],
  ['a number among keywords', (m) => (m.keywords = ['a', 1])],
  ['an array for user_config', (m) => (m.user_config = [])],
  ['a string for a user_config option', (m) => (m.user_config = { a: 'string' })],
  [
    'a user_config option of an unknown type',
    (m) => (m.user_config = { a: { type: 'color', title: 't', description: 'd' } }),
  ],
  ['a user_config option without a type', (m) => (m.user_config = { a: { title: 't', description: 'd' } })],
  [
    'a user_config option without a title',
    (m) => (m.user_config = { a: { type: 'string', description: 'd' } }),
  ],
  [
    'a user_config default of numbers',
    (m) => (m.user_config = { a: { type: 'number', title: 't', description: 'd', default: [1, 2] } }),
  ],
  [
    'a null user_config default',
    (m) => (m.user_config = { a: { type: 'string', title: 't', description: 'd', default: null } }),
  ],
  [
    'an object as user_config default',
    (m) => (m.user_config = { a: { type: 'string', title: 't', description: 'd', default: {} } }),
  ],
  [
    'a string for min and required',
    (m) =>
      (m.user_config = { a: { type: 'number', title: 't', description: 'd', min: '1', required: 'yes' } }),
  ],
  [
    'an unknown key in a user_config option',
    (m) => (m.user_config = { a: { type: 'string', title: 't', description: 'd', placeholder: 'x' } }),
  ],
  ['icons of a bad size', (m) => (m.icons = [{ src: 'a.png', size: 'big' }])],
  ['an icon with an empty theme', (m) => (m.icons = [{ src: 'a.png', size: '1x1', theme: '' }])],
  ['an icon without src', (m) => (m.icons = [{ size: '1x1' }])],
  [
    'localization without a placeholder',
    (m) => (m.localization = { resources: 'l.json', default_locale: 'en' }),
  ],
  [
    'localization with a bad locale',
    (m) => (m.localization = { resources: '${LOCALE}', default_locale: 'e' }),
  ],
  ['localization without a default locale', (m) => (m.localization = { resources: '${locale}' })],
  ['_meta whose entry is no object', (m) => (m._meta = { a: 1 })],
  ['_meta that is an array', (m) => (m._meta = [])],
  [
    'many problems at once',
    (m) => {
      delete m.name;
      m.version = 1;
      m.author = {};
      m.extra = true;
      m.user_config = { a: { type: 'x' } };
      (m.server as Json).type = 'go';
      m.keywords = [1, 2, 3];
    },
  ],
];

const notObjects: [string, unknown][] = [
  ['an array', []],
  ['null', null],
  ['a string', 'manifest'],
  ['an empty object', {}],
];

/** Changes that are no fault in some versions: the uv server type came with 0.4. */
const fineIn: Record<string, ManifestVersion[]> = { 'the uv server type': ['0.4'] };

describe('the manifest schemas', () => {
  it('are the four versions of the spec, and no other', () => {
    expect(MANIFEST_VERSIONS).toEqual(['0.1', '0.2', '0.3', '0.4']);
    expect(isManifestVersion('0.4')).toBe(true);
    expect(isManifestVersion('0.5')).toBe(false);
    expect(isManifestVersion('toString')).toBe(false);
  });

  describe.each(MANIFEST_VERSIONS)('version %s', (v) => {
    it.each(valid(v))('accept %s', (_, m) => {
      expect(ours(v, m)).toMatchObject({ success: true });
    });

    it.each(changes)('refuse a manifest with %s, naming each problem', (name, change) => {
      const m = full(v);
      change(m);
      const result = ours(v, m);
      if (fineIn[name]?.includes(v)) return void expect(result).toMatchObject({ success: true });
      if (result.success) throw new Error(`accepted: ${JSON.stringify(m)}`);
      expect(result.problems.length).toBeGreaterThan(0);
      for (const problem of result.problems) expect(problem).toMatch(/^[^:]+: \S/);
    });

    it.each(notObjects)('refuse %s', (_, m) => {
      expect(ours(v, m)).toMatchObject({ success: false });
    });
  });

  it('say what is wrong as `mcpb validate` does', () => {
    const m = full('0.3');
    delete m.name;
    (m.author as Json).email = 'not an email';
    m.extra = 1;
    expect(ours('0.3', m)).toEqual({
      success: false,
      problems: [
        'name: Required',
        'author.email: Invalid email',
        "(top level): Unrecognized key(s) in object: 'extra'",
      ],
    });
  });

  it('refuse fields a version does not have, and take them from the version that has them', () => {
    const icons = { ...minimal('0.2'), icons: [{ src: 'a.png', size: '1x1' }] };
    expect(ours('0.2', icons)).toMatchObject({ success: false, problems: [/Unrecognized key.*'icons'/] });
    expect(ours('0.3', { ...icons, manifest_version: '0.3' })).toMatchObject({ success: true });
    const uv = { ...minimal('0.3'), server: { type: 'uv', entry_point: 'a', mcp_config: { command: 'uv' } } };
    expect(ours('0.3', uv)).toMatchObject({ success: false });
    expect(ours('0.4', { ...uv, manifest_version: '0.4' })).toMatchObject({ success: true });
  });
});
