import type { ServerView } from '../../../shared/host/serverView';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

/**
 * A remote server's OAuth: "Sign in required" with whom and for which scopes, before anything
 * opens; while signing in, the page that was opened (as a link, should no tab have opened); once
 * signed in, with whom, the scope and until when, and Sign out.
 */
export function SignInPanel({ server }: { server: ServerView }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const page = useApp((s) => s.signInPages[server.id]);
  const { state } = server;
  if (state.status === 'error' && state.error.signIn) {
    const { issuer, scopes, newScopes } = state.error.signIn;
    return (
      <section className="sign-in" aria-label="Sign in">
        <h4>Sign in required</h4>
        {(state.error.message.startsWith('The sign-in with') || newScopes) && (
          <p>
            <SafeText text={state.error.message} />
          </p>
        )}
        <p>
          Signing in opens the sign-in page of{' '}
          <strong>
            <SafeText text={hostOf(issuer)} />
          </strong>{' '}
          in your browser.{' '}
          {scopes.length > 0 ? (
            <>
              It asks for: <SafeText text={scopes.join(' ')} />.
              {newScopes && (
                <>
                  {' '}
                  New this time:{' '}
                  <strong data-new-scopes="">
                    <SafeText text={newScopes.join(' ')} />
                  </strong>
                  .
                </>
              )}
            </>
          ) : (
            'It asks for no particular scope.'
          )}
        </p>
        <button type="button" className="primary" onClick={() => run(() => host.call('signIn', server.id))}>
          Sign in
        </button>
      </section>
    );
  }
  if (state.status === 'starting' && page) {
    return (
      <section className="sign-in" aria-label="Sign in">
        <p>
          Waiting for you to finish signing in with <SafeText text={hostOf(page.issuer)} /> in the browser.{' '}
          <a href={page.url} target="_blank" rel="noopener noreferrer">
            Open the sign-in page again
          </a>
        </p>
      </section>
    );
  }
  if (state.status === 'running' && state.auth) {
    const { issuer, scope, expiresAt } = state.auth;
    return (
      <section className="sign-in" aria-label="Signed in">
        <p>
          Signed in with <SafeText text={hostOf(issuer)} />
          {scope ? (
            <>
              {' '}
              for <SafeText text={scope} />
            </>
          ) : null}
          {expiresAt
            ? `; its token is good until ${new Date(expiresAt).toLocaleTimeString()} and is renewed without asking you`
            : ''}
          .
        </p>
        <button type="button" onClick={() => run(() => host.call('signOut', server.id))}>
          Sign out
        </button>
      </section>
    );
  }
  return null;
}
