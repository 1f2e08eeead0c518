import { afterEach, describe, expect, it } from 'vitest';
import { approveAtOnce, json, protectedServer } from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import type { ServerState } from '../../../shared/host/serverView';
import { MemoryAuthStore } from '../../mcp';
import { parseConfig, type ServerConfig } from '../config/serverConfig';
import { LogStore } from '../logs/logStore';
import { Redactor } from '../logs/redactor';
import { FileSecretStore } from '../secrets/fileSecretStore';
import { ServerSession } from './serverSession';

let home = '';
tempDirPerTest('sb-session-auth-', (dir) => {
  home = dir;
});

/**
 * A protected server on loopback whose authorization server accepts Client ID Metadata Documents:
 * its authorization endpoint approves at once, its token endpoint refuses every code (these tests are
 * about which client the host presents, not about what follows).
 */
async function protectedServerUrl() {
  const f = await protectedServer({
    as: (base) => ({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    }),
    more: (url, res) => {
      if (url.pathname === '/authorize') approveAtOnce(url, res);
      else if (url.pathname === '/token') json(res, { error: 'invalid_grant' }, 400);
      else return false;
      return true;
    },
  });
  return `${f.base}/mcp`;
}
const sessions: ServerSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop('test over')));
});

function sessionOf(raw: Record<string, unknown>, clientMetadataUrl?: string) {
  const parsed = parseConfig({ mcpServers: { remote: raw } });
  const config = parsed.servers[0] as ServerConfig;
  expect(parsed.invalid).toEqual([]);
  const redactor = new Redactor();
  const secrets = FileSecretStore.inHome(home);
  const session = new ServerSession(config, {
    secrets,
    logs: new LogStore(redactor),
    redactor,
    handlers: {},
    authStore: new MemoryAuthStore(),
    ...(clientMetadataUrl ? { clientMetadataUrl: async () => clientMetadataUrl } : {}),
  });
  sessions.push(session);
  return { session, secrets };
}

/** Signs in, following the sign-in page the session opens; returns the authorization request. */
async function signInOpens(session: ServerSession): Promise<URL> {
  const opened = new Promise<URL>((resolve) =>
    session.onEvent((e) => {
      if (e.kind !== 'open-sign-in') return;
      void fetch(e.url).then((r) => r.text());
      resolve(new URL(e.url));
    }),
  );
  await session.signIn();
  return opened;
}

const errorOf = (state: ServerState) => (state.status === 'error' ? state.error.message : state.status);

describe('which OAuth client a remote server presents', () => {
  it('our Client ID Metadata Document (Settings) where the authorization server accepts one', async () => {
    const url = await protectedServerUrl();
    const { session } = sessionOf({ url }, 'https://apps.example.com/switchboard.json');
    const request = await signInOpens(session);
    expect(request.searchParams.get('client_id')).toBe('https://apps.example.com/switchboard.json');
    await expect.poll(() => errorOf(session.state)).toContain('invalid_grant');
  });

  it("the server's pre-registered client before any other, with its secret from the store", async () => {
    const url = await protectedServerUrl();
    const ref = `remote/oauth/clientSecret@${new URL(url).origin}`;
    const { session, secrets } = sessionOf(
      { url, oauth: { clientId: 'issued-to-me', clientSecret: { $secret: ref } } },
      'https://apps.example.com/switchboard.json',
    );
    await secrets.set(ref, 'pre-secret');
    const request = await signInOpens(session);
    expect(request.searchParams.get('client_id')).toBe('issued-to-me');
  });

  it('a client secret missing from the store fails the start, naming it; nothing is sent', async () => {
    const url = await protectedServerUrl();
    const ref = `remote/oauth/clientSecret@${new URL(url).origin}`;
    const { session } = sessionOf({
      url,
      oauth: { clientId: 'issued-to-me', clientSecret: { $secret: ref } },
    });
    await session.start();
    await expect
      .poll(() => errorOf(session.state))
      .toContain(`the secret for oauth clientSecret is not set (${ref}); enter it in the server's settings`);
  });

  it('a client secret stored for another origin is not sent to this one', async () => {
    const url = await protectedServerUrl();
    const ref = 'remote/oauth/clientSecret@https://elsewhere.example';
    const { session, secrets } = sessionOf({
      url,
      oauth: { clientId: 'issued-to-me', clientSecret: { $secret: ref } },
    });
    await secrets.set(ref, 'someone-elses-secret');
    await session.start();
    await expect
      .poll(() => errorOf(session.state))
      .toContain('oauth clientSecret: the stored secret was entered for https://elsewhere.example');
  });
});
