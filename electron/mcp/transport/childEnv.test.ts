import { describe, expect, it } from 'vitest';
import { buildChildEnv } from './childEnv';

describe('buildChildEnv', () => {
  const parent = {
    PATH: '/usr/bin',
    HOME: '/home/ada',
    LANG: 'en_GB.UTF-8',
    ANTHROPIC_API_KEY: 'sk-ant-canary',
    GITHUB_TOKEN: 'ghp_canary',
    SHELL: '() { :; }; echo pwned',
  };

  it('passes only the safe inherited set plus the configured env', () => {
    const env = buildChildEnv({ SERVER_TOKEN: 'abc' }, { parentEnv: parent });
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      HOME: '/home/ada',
      LANG: 'en_GB.UTF-8',
      SERVER_TOKEN: 'abc',
    });
    expect(JSON.stringify(env)).not.toContain('canary');
  });

  it('skips exported shell functions', () => {
    expect(buildChildEnv({}, { parentEnv: parent }).SHELL).toBeUndefined();
  });

  it('uses a resolved PATH, and lets the config override anything', () => {
    expect(buildChildEnv({}, { parentEnv: parent, path: '/opt/bin:/usr/bin' }).PATH).toBe(
      '/opt/bin:/usr/bin',
    );
    expect(buildChildEnv({ PATH: '/mine' }, { parentEnv: parent, path: '/opt/bin' }).PATH).toBe('/mine');
  });
});
