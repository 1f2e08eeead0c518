import { parse } from 'tldts';

/**
 * A URL split for display, so that a look-alike cannot hide where a link really goes: the text
 * before and after the registrable domain (which is highlighted), whether it may be opened at all,
 * and warnings for what makes a URL ambiguous.
 */
export interface UrlParts {
  href: string;
  /** Scheme and anything before the registrable domain (subdomains included). */
  before: string;
  /** The registrable domain (e.g. example.co.uk), or the whole host when there is none (an IP). */
  domain: string;
  after: string;
  openable: boolean;
  warnings: string[];
}

export function urlParts(raw: string): UrlParts | { invalid: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { invalid: 'This is not a valid URL.' };
  }
  const warnings: string[] = [];
  const openable = url.protocol === 'https:' || url.protocol === 'http:';
  if (!openable) warnings.push(`A ${url.protocol} link cannot be opened from here: only http and https.`);
  else if (url.protocol === 'http:')
    warnings.push('Not encrypted (http): anyone on the network can read or change it.');
  const host = url.hostname;
  if (host.split('.').some((label) => label.startsWith('xn--')))
    warnings.push('The address contains Punycode (xn--): its letters may imitate another, familiar name.');
  if (url.username || url.password)
    warnings.push('The address has a user name before the host: the real destination is what follows “@”.');
  const info = parse(host);
  const domain = info.isIp ? host : (info.domain ?? host);
  const href = url.href;
  // The domain is the end of the host name; the host starts after "//" and any "user@".
  let hostStart = href.indexOf('//') + 2;
  if (url.username || url.password) hostStart = href.indexOf('@', hostStart) + 1;
  if (!domain || !host.endsWith(domain))
    return { href, before: href, domain: '', after: '', openable, warnings };
  const at = hostStart + host.length - domain.length;
  return {
    href,
    before: href.slice(0, at),
    domain,
    after: href.slice(at + domain.length),
    openable,
    warnings,
  };
}
