/**
 * Who publishes an entry, from its name's namespace (the registry checks it: `io.github.<user>/…` by
 * a GitHub sign-in, reverse DNS by the domain): `io.github.octo/x` → `octo`, `com.example.mcp/x` →
 * `mcp.example.com`. Empty when the name has no namespace.
 */
export function publisherOf(name: string): string {
  const slash = name.indexOf('/');
  if (slash <= 0) return '';
  const parts = name.slice(0, slash).split('.').filter(Boolean);
  if (parts.length >= 3 && parts[0] === 'io' && parts[1] === 'github') return parts.slice(2).join('.');
  return parts.reverse().join('.');
}
