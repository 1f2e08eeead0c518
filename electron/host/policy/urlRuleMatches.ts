// Whether a policy's url rule covers an address. The origin (scheme, host, port) is compared as
// normalUrl reads it. The path is where servers disagree: one decodes `%2f` into a slash before it
// routes (`/mcp/..%2fadmin` is then `/admin`), one drops `;params` from a segment (`/admin;x` is
// `/admin`, as Tomcat and Spring do), one ignores case (IIS), one does none of these. So a path is
// read every way a server reasonably might, the rule's path the same way, and a deny rule covers
// the address if ANY reading is under the rule's path, while an allow rule covers it only if EVERY
// reading is. Neither can know a server that reads paths in some other way still (double decoding,
// its own rewrites): a rule prefix is about the address a server is given, not what the server does.
import { normalUrl } from './normalUrl';

const withoutParams = (pathname: string) => pathname.replace(/;[^/]*/g, '');
const decoded = (pathname: string) => resolveDots(pathname.replace(/%2f|%5c/gi, '/').replace(/%2e/gi, '.'));
const WAYS: readonly ((pathname: string) => string)[] = [
  (p) => p,
  withoutParams,
  decoded,
  (p) => decoded(withoutParams(p)),
  (p) => withoutParams(decoded(p)),
];
/** Every way of reading a path (the query aside), each applied to the rule's path and the address's. */
const READINGS = [...WAYS, ...WAYS.map((way) => (p: string) => way(p).toLowerCase())];

/** `/a/b/../c/./d` as `/a/c/d`, repeated slashes as one; never above the root. */
function resolveDots(pathname: string): string {
  const out: string[] = [];
  const segments = pathname.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '..') out.pop();
    if (segment === '.' || segment === '..') {
      // `/a/..` is the folder `/`, written with its final slash.
      if (last) out.push('');
      return;
    }
    if (segment !== '' || last) out.push(segment);
  });
  return `/${out.join('/')}`;
}

/** Whether `path` (with its query) is `prefix` or under it at a path boundary. */
function under(prefix: string, path: string): boolean {
  if (prefix === '/') return true;
  if (!path.startsWith(prefix)) return false;
  const next = path[prefix.length];
  return prefix.endsWith('/') || next === undefined || next === '/' || next === '?';
}

/**
 * Whether the url `rule` covers `url`: `any` (a deny rule) when some reading of its path is under
 * the rule's, `every` (an allow rule) when each one is.
 */
export function urlRuleMatches(rule: string, url: string, readings: 'any' | 'every'): boolean {
  const want = normalUrl(rule);
  const have = normalUrl(url);
  if (!want || !have || want.origin !== have.origin) return false;
  const split = (path: string) => {
    const q = path.indexOf('?');
    return q < 0 ? [path, ''] : [path.slice(0, q), path.slice(q)];
  };
  const [wantPath = '', wantQuery = ''] = split(want.path);
  const [havePath = '', haveQuery = ''] = split(have.path);
  const covered = (read: (pathname: string) => string) =>
    under(`${read(wantPath)}${wantQuery}`, `${read(havePath)}${haveQuery}`);
  return readings === 'any' ? READINGS.some(covered) : READINGS.every(covered);
}
