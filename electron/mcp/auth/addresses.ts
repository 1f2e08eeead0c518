import { isLocalAddress } from '../../../shared/localAddress';
import { isLoopbackHost, isPlainHttpOffLoopback } from '../../../shared/loopback';

/** Loopback, private, link-local and other local addresses (and `localhost`), by their literal form. */
export function isPrivateOrLocal(hostname: string): boolean {
  return isLoopbackHost(hostname) || isLocalAddress(hostname);
}

/**
 * Whether a URL an OAuth document named may be fetched on behalf of `server`: http(s) only, plain
 * HTTP only to loopback, and nothing private or link-local when the server itself is public (a
 * public server cannot point us at the machines behind our network).
 */
export function refusalOf(url: URL, server: URL): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${url.href} is not an http(s) URL`;
  if (isPlainHttpOffLoopback(url)) return `${url.href} is plain HTTP to a host that is not this machine`;
  if (url.username || url.password) return `${url.origin} carries credentials in the URL`;
  if (isPrivateOrLocal(url.hostname) && !isPrivateOrLocal(server.hostname))
    return `${url.href} is a private or local address, named by the public server ${server.host}`;
  return undefined;
}
