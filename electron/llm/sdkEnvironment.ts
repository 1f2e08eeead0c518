/**
 * Makes a model SDK's client with the named environment variables out of its sight: the official
 * SDKs read some (custom headers, above all) when a client is made, and where requests go and what
 * they carry come from Settings alone. Making a client is synchronous, so nothing else sees the gap.
 */
export function unseenBy<T>(variables: readonly string[], make: () => T): T {
  const kept = variables.map((name) => [name, process.env[name]] as const);
  for (const [name] of kept) delete process.env[name];
  try {
    return make();
  } finally {
    for (const [name, value] of kept) if (value !== undefined) process.env[name] = value;
  }
}
