import { isPlainHttpOffLoopback } from '../../../shared/loopback';
import { authFailed } from '../auth/authError';
import type { HttpAuth } from '../auth/httpAuth';
import type { HttpResponse } from './httpClient';

/** How many times one request is sent again after a sign-in, refresh or step-up. */
const AUTH_ROUNDS = 3;

/**
 * Sends a request with the bearer `auth` holds; when the server refuses it (401, or 403
 * insufficient_scope) and `auth` gets a better token, sends it again, a bounded number of times.
 * The bearer goes only to this server's URL (HTTP requests here never follow redirects), and never
 * over plain HTTP except to loopback.
 */
export async function authorized(
  auth: HttpAuth | undefined,
  method: string,
  url: URL,
  label: string,
  headers: Record<string, string>,
  send: () => Promise<HttpResponse>,
): Promise<HttpResponse> {
  if (!auth) return send();
  for (let round = 0; ; round++) {
    const given = await auth.authorization(method, url);
    delete headers.authorization;
    delete headers.dpop;
    if (given !== undefined) {
      if (isPlainHttpOffLoopback(url)) {
        throw authFailed(label, `a token is never sent over plain HTTP to ${url.host}: use https`);
      }
      Object.assign(headers, given);
    }
    const authorization = given?.authorization;
    const response = await send();
    const challenge = response.header('www-authenticate');
    const refused =
      response.status === 401 || (response.status === 403 && /insufficient_scope/i.test(challenge ?? ''));
    if (!refused || round >= AUTH_ROUNDS) return response;
    response.drain();
    await auth.challenged({
      status: response.status === 401 ? 401 : 403,
      header: challenge,
      sentAuthorization: authorization,
      url,
      dpopNonce: response.header('dpop-nonce'),
    });
  }
}
