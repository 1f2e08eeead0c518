/**
 * A new server's name must be free: every way of adding one (the editor, an import, a registry
 * install, a bundle, a link) refuses a taken name in these words, before anything is written.
 */
export function refuseTakenName(servers: { configOf(id: string): unknown }, name: string): void {
  if (servers.configOf(name)) throw new Error(`A server named "${name}" exists already: choose another name`);
}
