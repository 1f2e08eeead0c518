import { describe, expect, it } from 'vitest';
import { BundleError } from './bundleError';
import { type BundleFormField, bundleForm, formProblems, formValues } from './bundleForm';
import { parseManifest } from './bundleManifest';

const manifest = parseManifest({
  manifest_version: '0.2',
  name: 'm',
  version: '1.0.0',
  description: 'd',
  author: { name: 'a' },
  server: { type: 'node', entry_point: 'i.js', mcp_config: { command: 'node', args: ['i.js'] } },
  user_config: {
    token: { type: 'string', title: 'Token', description: 'd', sensitive: true, required: true },
    roots: {
      type: 'directory',
      title: 'Roots',
      description: 'd',
      multiple: true,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the manifest's own variable syntax
      default: ['${HOME}/Desktop', '${DOCUMENTS}'],
    },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the manifest's own variable syntax
    config: { type: 'file', title: 'Config', description: 'd', default: '${__dirname}/config.json' },
    timeout: { type: 'number', title: 'Timeout', description: 'd', min: 1, max: 300, default: 30 },
    debug: { type: 'boolean', title: 'Debug', description: 'd' },
  },
});
const form: BundleFormField[] = bundleForm(manifest, '/data/bundles/m', {
  execPath: '/usr/bin/node',
  electron: false,
  platform: 'linux',
  home: '/home/ada',
  documents: '/home/ada/Docs',
});

describe('the user_config form', () => {
  it('declares each setting with its kind, picker, bounds and default (variables filled in)', () => {
    expect(
      form.map((f) => [f.key, f.type, f.picker, f.multiple, f.required, f.sensitive, f.default]),
    ).toEqual([
      ['token', 'string', undefined, false, true, true, undefined],
      ['roots', 'directory', 'folder', true, false, false, ['/home/ada/Desktop', '/home/ada/Docs']],
      ['config', 'file', 'file', false, false, false, '/data/bundles/m/config.json'],
      ['timeout', 'number', undefined, false, false, false, 30],
      ['debug', 'boolean', undefined, false, false, false, undefined],
    ]);
    expect(form.find((f) => f.key === 'timeout')).toMatchObject({ min: 1, max: 300 });
  });

  it('takes defaults for what is left empty, and values in the forms a page sends them', () => {
    expect(formValues(form, { token: 't', roots: [], timeout: '45', debug: 'true' })).toEqual({
      token: 't',
      roots: ['/home/ada/Desktop', '/home/ada/Docs'],
      config: '/data/bundles/m/config.json',
      timeout: 45,
      debug: true,
    });
    expect(formValues(form, { token: 't', roots: '/srv' }).roots).toEqual(['/srv']);
  });

  it('says what is wrong with each value', () => {
    expect(
      formProblems(form, {
        roots: ['relative/dir'],
        config: ['/a', '/b'],
        timeout: 301,
        debug: 'yes',
        extra: 1,
      }),
    ).toEqual([
      { key: 'extra', message: 'is not a setting of this bundle' },
      { key: 'token', message: 'is required' },
      { key: 'roots', message: 'must be a folder\'s full path ("relative/dir" is not)' },
      { key: 'config', message: 'must be one file' },
      { key: 'timeout', message: 'must be at most 300' },
      { key: 'debug', message: 'must be true or false' },
    ]);
    expect(formProblems(form, { token: 7, timeout: 0 })).toEqual([
      { key: 'token', message: 'must be text' },
      { key: 'timeout', message: 'must be at least 1' },
    ]);
    expect(formProblems(form, { token: 'x' })).toEqual([]);
  });

  it('refuses values that cannot be used, naming the settings by title', () => {
    const error = (() => {
      try {
        formValues(form, { timeout: 'soon' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BundleError);
    expect(error).toMatchObject({
      problem: 'user-config',
      message: 'The bundle\'s settings cannot be used: "Token" is required; "Timeout" must be a number.',
    });
  });
});
