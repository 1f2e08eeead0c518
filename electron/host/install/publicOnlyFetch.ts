// A GET over https that reaches only public addresses, judged on the address it connects to: a name
// whose DNS answer holds any address of this computer or its networks (loopback, private,
// link-local, shared) is refused before a socket opens. Checking a name's answer and then letting
// fetch resolve it again would leave a window for an answer that changes (DNS rebinding); the lookup
// here is the one the connection uses. No redirect is followed: a 3xx is returned as it is.
import { type LookupAddress, lookup } from 'node:dns';
import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateOrLocal } from '../../mcp/auth/addresses';

/** A lookup for the connection that fails when any address of the answer is `refused`. */
const lookupRefusing =
  (refused: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const local = addresses.find((a) => refused(a.address));
      const first = addresses[0];
      if (local || !first)
        return callback(
          Object.assign(
            new Error(
              local
                ? `${hostname} resolves to ${local.address}, an address of this computer or its network`
                : `${hostname} resolves to no address`,
            ),
            { code: 'ELOCALADDRESS' },
          ),
          '',
          0,
        );
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * A fetch like `fetch(url, { redirect: 'manual', credentials: 'omit', signal })` that connects to no
 * address `refused` says no to; it rejects, naming the address, for a name that resolves to one. An IP
 * literal is not looked up: the caller judges it by its spelling first (iconAddressProblem).
 */
export function fetchRefusing(
  refused: (address: string) => boolean,
): (url: URL, init: { signal?: AbortSignal }) => Promise<Response> {
  const checkedLookup = lookupRefusing(refused);
  return (url, { signal }) =>
    new Promise((resolve, reject) => {
      if (url.protocol !== 'https:') return reject(new Error(`${url.href} is not an https URL`));
      const req = request(
        url,
        {
          method: 'GET',
          lookup: checkedLookup,
          headers: { accept: 'image/*' },
          ...(signal ? { signal } : {}),
        },
        (res) => {
          try {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const one of [value ?? []].flat()) headers.append(name, one);
            const status = res.statusCode ?? 0;
            if (NO_BODY.has(status)) {
              res.resume();
              return resolve(new Response(null, { status, headers }));
            }
            const body = new ReadableStream<Uint8Array>({
              start(controller) {
                res.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
                res.on('end', () => controller.close());
                res.on('error', (e) => controller.error(e));
              },
              cancel() {
                res.destroy();
              },
            });
            resolve(new Response(body, { status, headers }));
          } catch (e) {
            res.destroy();
            reject(e);
          }
        },
      );
      req.on('error', reject);
      req.end();
    });
}

/** Only public addresses: nothing of this computer or its networks (mcp/auth/addresses.ts). */
export const publicOnlyFetch = fetchRefusing(isPrivateOrLocal);
