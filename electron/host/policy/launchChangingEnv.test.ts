import { describe, expect, it } from 'vitest';
import { changesLaunch, launchChangingNames } from './launchChangingEnv';

describe('changesLaunch', () => {
  it('names what the issue names, in either case', () => {
    for (const name of [
      'NODE_OPTIONS',
      'node_options',
      'LD_PRELOAD',
      'LD_LIBRARY_PATH',
      'DYLD_INSERT_LIBRARIES',
      'PYTHONPATH',
      'PYTHONSTARTUP',
      'PATH',
      'Path',
      'NPM_CONFIG_REGISTRY',
      'npm_config_registry',
      'PIP_INDEX_URL',
      'PIP_EXTRA_INDEX_URL',
      'UV_INDEX_URL',
      'UV_EXTRA_INDEX_URL',
      'HOME',
      'JAVA_TOOL_OPTIONS',
      'DOCKER_HOST',
    ])
      expect(changesLaunch(name), name).toBe(true);
  });

  it('a name holding "=" or a control character (a program reads the name up to the "=")', () => {
    for (const name of ['NODE_OPTIONS=--require=/tmp/evil.cjs --title', 'A=B', '=C:', 'X\nY', ''])
      expect(changesLaunch(name), JSON.stringify(name)).toBe(true);
  });

  it('leaves a server’s own settings alone', () => {
    for (const name of [
      'API_KEY',
      'GITHUB_TOKEN',
      'LOG_LEVEL',
      'NODE_ENV',
      'DEBUG',
      'ACME_REGION',
      'PYTHONUNBUFFERED',
    ])
      expect(changesLaunch(name), name).toBe(false);
  });

  it('lists the names of an env that change what runs, in order', () => {
    expect(
      launchChangingNames({ API_KEY: 'x', NODE_OPTIONS: '--require e.cjs', LOG: '1', LD_PRELOAD: 'a.so' }),
    ).toEqual(['NODE_OPTIONS', 'LD_PRELOAD']);
  });
});
