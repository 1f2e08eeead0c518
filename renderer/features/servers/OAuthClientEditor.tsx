import { OAUTH_KEY_ALGORITHMS } from '../../../shared/host/oauthKeyAlgorithms';
import type { OAuthClientDraft, SecretDraftValue } from '../../../shared/host/serverDraft';
import type { OAuthGrant } from '../../../shared/host/serverFields';

/** The form's state for a pre-registered OAuth client; typed secrets never come back from the host. */
export interface OAuthForm {
  clientId: string;
  grant: OAuthGrant;
  credential: 'none' | 'secret' | 'key';
  /** Typed now; empty keeps the stored one when `stored` says there is one. */
  value: string;
  stored: 'secret' | 'key' | undefined;
  algorithm: (typeof OAUTH_KEY_ALGORITHMS)[number];
}

export function oauthFormOf(draft: OAuthClientDraft | undefined): OAuthForm {
  const stored = draft?.privateKey ? 'key' : draft?.clientSecret ? 'secret' : undefined;
  return {
    clientId: draft?.clientId ?? '',
    grant: draft?.grant ?? 'authorization_code',
    credential: stored ?? 'none',
    value: '',
    stored,
    algorithm: draft?.algorithm ?? 'ES256',
  };
}

/** The draft's `oauth`: undefined without a client id (Switchboard registers itself). */
export function oauthDraftOf(form: OAuthForm): OAuthClientDraft | undefined {
  const clientId = form.clientId.trim();
  if (!clientId) {
    if (form.value) throw new Error('Sign-in client: enter the client id that goes with the secret or key');
    return undefined;
  }
  let credential: SecretDraftValue | undefined;
  if (form.credential !== 'none') {
    if (form.value) credential = { value: form.value, secret: true };
    else if (form.stored === form.credential) credential = { secret: true, keep: true };
    else
      throw new Error(
        `Sign-in client: enter the ${form.credential === 'key' ? 'private key (PEM)' : 'client secret'}`,
      );
  }
  return {
    clientId,
    ...(form.grant !== 'authorization_code' ? { grant: form.grant } : {}),
    ...(form.credential === 'secret' ? { clientSecret: credential } : {}),
    ...(form.credential === 'key' ? { privateKey: credential, algorithm: form.algorithm } : {}),
  };
}

/**
 * A client registered beforehand with the server's sign-in service (its id, and a secret or a
 * private key kept in the secret store), and whether a person signs in or the client as itself.
 * Left empty, Switchboard registers itself when the server first asks for a sign-in.
 */
export function OAuthClientEditor({ form, onChange }: { form: OAuthForm; onChange: (f: OAuthForm) => void }) {
  const set = (patch: Partial<OAuthForm>) => onChange({ ...form, ...patch });
  const keyed = form.credential === 'key';
  return (
    <details className="oauth-client" open={form.clientId !== ''}>
      <summary>Sign-in client (OAuth, optional)</summary>
      <p className="muted">
        Only for a sign-in service that gave you a client id. Leave it empty and Switchboard registers itself
        the first time the server asks you to sign in.
      </p>
      <label htmlFor="oauth-client-id">Client id</label>
      <input id="oauth-client-id" value={form.clientId} onChange={(e) => set({ clientId: e.target.value })} />
      <fieldset>
        <legend>Who signs in</legend>
        <label className="check">
          <input
            type="radio"
            name="oauth-grant"
            checked={form.grant === 'authorization_code'}
            onChange={() =>
              set({ grant: 'authorization_code', credential: keyed ? 'secret' : form.credential })
            }
          />{' '}
          you, on the service’s sign-in page
        </label>
        <label className="check">
          <input
            type="radio"
            name="oauth-grant"
            checked={form.grant === 'client_credentials'}
            onChange={() =>
              set({
                grant: 'client_credentials',
                credential: form.credential === 'none' ? 'secret' : form.credential,
              })
            }
          />{' '}
          the client itself (client credentials: no person, for a service account)
        </label>
      </fieldset>
      <label htmlFor="oauth-credential">Proves who it is with</label>
      <select
        id="oauth-credential"
        value={form.credential}
        onChange={(e) => set({ credential: e.target.value as OAuthForm['credential'], value: '' })}
      >
        {form.grant === 'authorization_code' && <option value="none">nothing (a public client)</option>}
        <option value="secret">a client secret</option>
        {form.grant === 'client_credentials' && <option value="key">a private key (private_key_jwt)</option>}
      </select>
      {form.credential === 'secret' && (
        <>
          <label htmlFor="oauth-secret">Client secret</label>
          <input
            id="oauth-secret"
            type="password"
            autoComplete="off"
            value={form.value}
            placeholder={form.stored === 'secret' ? 'stored — type to replace' : ''}
            onChange={(e) => set({ value: e.target.value })}
          />
        </>
      )}
      {keyed && (
        <>
          <label htmlFor="oauth-key">Private key (PEM, PKCS #8)</label>
          <textarea
            id="oauth-key"
            rows={4}
            spellCheck={false}
            value={form.value}
            placeholder={form.stored === 'key' ? 'stored — paste to replace' : '-----BEGIN PRIVATE KEY-----'}
            onChange={(e) => set({ value: e.target.value })}
          />
          <label htmlFor="oauth-algorithm">Signed with</label>
          <select
            id="oauth-algorithm"
            value={form.algorithm}
            onChange={(e) => set({ algorithm: e.target.value as OAuthForm['algorithm'] })}
          >
            {OAUTH_KEY_ALGORITHMS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </>
      )}
      <p className="muted">The secret or key is kept in the secret store, never in the config file.</p>
    </details>
  );
}
