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

  it("passes the person's proxy, CA and npm registry settings, never npm's auth token", () => {
    const env = buildChildEnv(
      {},
      {
        parentEnv: {
          ...parent,
          HTTPS_PROXY: 'http://proxy.corp:3128',
          no_proxy: 'localhost,.corp',
          NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
          SSL_CERT_FILE: '/etc/ssl/cert.pem',
          REQUESTS_CA_BUNDLE: '/etc/ssl/cert.pem',
          npm_config_registry: 'https://npm.corp/',
          NPM_CONFIG_CAFILE: '/etc/corp-ca.pem',
          LC_MESSAGES: 'de_DE.UTF-8',
          npm_config__authToken: 'npm-canary',
          'npm_config_//npm.corp/:_authToken': 'npm-canary',
          NPM_TOKEN: 'npm-canary',
          AWS_SECRET_ACCESS_KEY: 'aws-canary',
        },
      },
    );
    expect(env).toMatchObject({
      HTTPS_PROXY: 'http://proxy.corp:3128',
      no_proxy: 'localhost,.corp',
      NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
      SSL_CERT_FILE: '/etc/ssl/cert.pem',
      REQUESTS_CA_BUNDLE: '/etc/ssl/cert.pem',
      npm_config_registry: 'https://npm.corp/',
      NPM_CONFIG_CAFILE: '/etc/corp-ca.pem',
      LC_MESSAGES: 'de_DE.UTF-8',
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
