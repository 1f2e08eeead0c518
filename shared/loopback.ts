/**
 * A loopback host name or address (plain http is allowed only there). Not `*.localhost`: not every
 * resolver keeps those names on this computer, and a secret sent in the clear must not depend on it.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/** Plain http to a host that is not this computer: where no key or token may be sent. */
export const isPlainHttpOffLoopback = (url: URL): boolean =>
  url.protocol === 'http:' && !isLoopbackHost(url.hostname);
