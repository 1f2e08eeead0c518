import { describe, expect, it } from 'vitest';
import { RegistryError } from './registryError';
import { checkRegistryUrl, DEFAULT_REGISTRY_URL, REGISTRY_URL_ENV, registryAddress } from './registryUrl';

describe('registryAddress', () => {
  it('is the official registry unless the setting or the environment says otherwise; the environment wins', () => {
    expect(registryAddress(undefined, {})).toEqual({ url: DEFAULT_REGISTRY_URL, from: 'default' });
    expect(registryAddress('  ', {})).toEqual({ url: DEFAULT_REGISTRY_URL, from: 'default' });
    expect(registryAddress('https://mirror.example.com/mcp/', {})).toEqual({
      url: 'https://mirror.example.com/mcp',
      from: 'setting',
    });
    expect(
      registryAddress('https://mirror.example.com', { [REGISTRY_URL_ENV]: 'http://127.0.0.1:4010/' }),
    ).toEqual({ url: 'http://127.0.0.1:4010', from: 'env' });
    expect(registryAddress(undefined, { [REGISTRY_URL_ENV]: '' })).toEqual({
      url: DEFAULT_REGISTRY_URL,
      from: 'default',
    });
  });

  it('refuses an address it would not take what to run from, naming where it came from', () => {
    const refused = (text: string, env: Record<string, string> = {}) => {
      try {
        registryAddress(text, env);
      } catch (error) {
        expect(error).toBeInstanceOf(RegistryError);
        expect((error as RegistryError).kind).toBe('bad-address');
        return (error as Error).message;
      }
      throw new Error(`${text} was taken`);
    };
    expect(refused('registry.modelcontextprotocol.io')).toBe(
      'the registry setting ("registry.modelcontextprotocol.io") is not a URL: give one like https://registry.modelcontextprotocol.io',
    );
    expect(refused('http://registry.example.com')).toBe(
      'the registry setting ("http://registry.example.com") uses plain http to another computer: use https (plain http only on this computer)',
    );
    expect(refused('ftp://registry.example.com')).toContain('must be an https:// address');
    expect(refused('https://me:pw@registry.example.com')).toContain('must not hold a user name or password');
    expect(refused('https://registry.example.com/?x=1')).toContain('must not have a query');
    expect(refused('', { [REGISTRY_URL_ENV]: 'http://10.0.0.5:4010' })).toContain(
      `${REGISTRY_URL_ENV} ("http://10.0.0.5:4010") uses plain http`,
    );
    expect(checkRegistryUrl('http://localhost:4010///')).toBe('http://localhost:4010');
  });
});
