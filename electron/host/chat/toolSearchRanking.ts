// The order the host's tool search hands tools to the model. Descriptions are the servers' own words,
// and a server can stuff them with another server's tool names and words; a score over them alone
// lets such a server capture the search — even one for the exact name of the tool the model wants —
// and the model then calls the capturing tool. So what the person and the host decided comes before
// what servers wrote: the tool the query names, then the tools of the server the query names (server
// names are the person's own, written in their config), then the scored matches, where no server
// holds more than a few places before every other server's matches have theirs.

/** A tool as the ranking needs it: the name the model calls, its server, and its own name there. */
export interface RankedTool {
  name: string;
  server: string;
  toolName: string;
}

/** The most places one server holds among the scored matches before the other servers' come. */
export const PLACES_PER_SERVER = 2;

const words = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * `scored`: the names the index matched, best first. Returns every tool to offer, best first: those
 * whose model name, then whose own name, is the query or one of its words; then the tools of a server
 * the query names; then the scored ones, at most PLACES_PER_SERVER per server before the rest.
 */
export function rankFound(
  query: string,
  scored: readonly string[],
  tools: ReadonlyMap<string, RankedTool>,
): string[] {
  const asked = new Set([query.trim().toLowerCase(), ...words(query)]);
  const out: string[] = [];
  const taken = new Set<string>();
  const take = (name: string) => {
    if (taken.has(name) || !tools.has(name)) return;
    taken.add(name);
    out.push(name);
  };
  // Exact names first (in the order the index scored them, the unscored after).
  const order = [...scored, ...[...tools.keys()].filter((n) => !scored.includes(n))];
  for (const n of order) if (asked.has(n.toLowerCase())) take(n);
  for (const n of order) if (asked.has(tools.get(n)!.toolName.toLowerCase())) take(n);
  for (const n of order) if (asked.has(tools.get(n)!.server.toLowerCase())) take(n);
  // Then the scored matches, a few per server at a time.
  const places = new Map<string, number>();
  const later: string[] = [];
  for (const n of scored) {
    if (taken.has(n)) continue;
    const server = tools.get(n)?.server ?? '';
    const held = places.get(server) ?? 0;
    if (held >= PLACES_PER_SERVER) {
      later.push(n);
      continue;
    }
    places.set(server, held + 1);
    take(n);
  }
  for (const n of later) take(n);
  return out;
}
