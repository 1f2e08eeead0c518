import { isLoopbackHost, isPlainHttpOffLoopback } from '../../../shared/loopback';

/** Loopback, private (RFC 1918, fc00::/7) and link-local addresses, by their literal form. */
export function isPrivateOrLocal(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackHost(h)) return true;
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (h.includes(':'))
    return /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h === '::' || h.startsWith('::ffff:');
  return false;
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
