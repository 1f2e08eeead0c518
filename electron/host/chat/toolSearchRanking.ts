// The order the host's tool search hands tools to the model. Descriptions and tool names are the
// servers' own words, and a server can stuff them with another server's tool names and words — or
// name its tools `send` and `email` — so that a score over them, or a match on any one word, lets it
// capture the search (even one for the exact name of the tool the model wants), and the model then
// calls the capturing tool. So what identifies a tool exactly comes first: the whole query naming it
// (its model name, or its own name), or naming its server and it together (server names are the
// person's own, written in their config); then the tools of the server the whole query names; then
// the scored matches, where no server holds more than a few places before every other server's
// matches have theirs.

/** A tool as the ranking needs it: the name the model calls, its server, and its own name there. */
export interface RankedTool {
  name: string;
  server: string;
  toolName: string;
}

/** The most places one server holds among the scored matches before the other servers' come. */
const PLACES_PER_SERVER = 2;

/**
 * `scored`: the names the index matched, best first. Returns every tool to offer, best first: the tool
 * the whole query names (model name, then own name); one whose server and own name are both words of
 * the query; the tools of the server the whole query names; then the scored ones, at most
 * PLACES_PER_SERVER per server before the rest.
 */
export function rankFound(
  query: string,
  scored: readonly string[],
  tools: ReadonlyMap<string, RankedTool>,
): string[] {
  const whole = query.trim().toLowerCase();
  const words = new Set(whole.split(/\s+/).filter(Boolean));
  const out: string[] = [];
  const taken = new Set<string>();
  const take = (name: string) => {
    if (taken.has(name) || !tools.has(name)) return;
    taken.add(name);
    out.push(name);
  };
  // In the order the index scored them, the unscored after.
  const order = [...scored, ...[...tools.keys()].filter((n) => !scored.includes(n))];
  const of = (n: string) => tools.get(n)!;
  for (const n of order) if (n.toLowerCase() === whole) take(n);
  for (const n of order) if (of(n).toolName.toLowerCase() === whole) take(n);
  for (const n of order)
    if (words.has(of(n).server.toLowerCase()) && words.has(of(n).toolName.toLowerCase())) take(n);
  for (const n of order) if (of(n).server.toLowerCase() === whole) take(n);
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
