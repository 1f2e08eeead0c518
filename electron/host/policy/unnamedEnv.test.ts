import { describe, expect, it } from 'vitest';
import { envListed, unnamedEnv } from './unnamedEnv';

describe('envListed', () => {
  it('holds a name, or every name with a prefix, in either case', () => {
    expect(envListed(['API_KEY'], 'API_KEY')).toBe(true);
    expect(envListed(['api_key'], 'API_KEY')).toBe(true);
    expect(envListed(['API_KEY'], 'API_KEYS')).toBe(false);
    expect(envListed(['ACME_*'], 'ACME_REGION')).toBe(true);
    expect(envListed(['ACME_*'], 'acme_zone')).toBe(true);
    expect(envListed(['ACME_*'], 'ACME')).toBe(false);
    expect(envListed(['ACME_*'], 'XACME_REGION')).toBe(false);
    expect(envListed([], 'API_KEY')).toBe(false);
  });

  it('never a name holding "=" or a control character, which a program reads as another variable', () => {
    expect(envListed(['NODE_*'], 'NODE_ENV=x NODE_OPTIONS')).toBe(false);
    expect(envListed(['ACME_*'], 'ACME_\nX')).toBe(false);
    expect(envListed(['ACME_*'], '')).toBe(false);
  });
});

describe('unnamedEnv', () => {
  const env = { API_KEY: 'k', NODE_OPTIONS: '-r x', ACME_REGION: 'eu', LOG_LEVEL: 'debug' };

  it('judges only the names that change what runs, unless only listed names may be set', () => {
    expect(unnamedEnv(env, [], false)).toEqual(['NODE_OPTIONS']);
    expect(unnamedEnv(env, ['NODE_OPTIONS'], false)).toEqual([]);
    expect(unnamedEnv(env, [], true)).toEqual(['API_KEY', 'NODE_OPTIONS', 'ACME_REGION', 'LOG_LEVEL']);
    expect(unnamedEnv(env, ['API_KEY', 'ACME_*', 'LOG_LEVEL'], true)).toEqual(['NODE_OPTIONS']);
    expect(unnamedEnv({}, [], true)).toEqual([]);
  });
});
