import { homedir } from 'node:os';
import { createHttpTransport, type HttpAuth, StdioTransport, type Transport } from '../../mcp';
import { type ConfigValue, isSecretRef, type ServerConfig } from '../config/serverConfig';
import { isSecretName, type Redactor } from '../logs/redactor';
import { type SecretStore, secretRefProblem } from '../secrets/secretStore';

/** Something in the server's configuration that only an edit can fix (a secret missing or not its own). */
export class ConfigProblem extends Error {}

/**
 * The transport for one attempt at a server, as configured: a local process (in the person's home
 * unless it names a folder) or a remote URL, with secret references filled in from the store.
 */
export async function openTransport(
  config: ServerConfig,
  deps: { secrets: SecretStore; redactor: Redactor; resolveShellPath?: boolean },
  auth?: HttpAuth,
): Promise<Transport> {
  if (config.kind === 'stdio') {
    return new StdioTransport({
      command: config.command,
      args: config.args,
      env: await resolveValues(config, config.env, 'env', deps),
      // Not the app's own folder (a checkout's node_modules/.bin would shadow what npx fetches):
      // a server with no folder of its own starts in the person's home, as from a new terminal.
      cwd: config.cwd ?? homedir(),
      label: config.name,
      resolveShellPath: deps.resolveShellPath,
    });
  }
  return createHttpTransport(
    {
      url: config.url,
      headers: await resolveValues(config, config.headers, 'headers', deps),
      label: config.name,
      ...(auth ? { auth } : {}),
    },
    config.type,
  );
}

/** Plain values, with secret references filled in from the store (and added to the redactor). */
async function resolveValues(
  config: ServerConfig,
  values: Record<string, ConfigValue>,
  field: 'env' | 'headers',
  deps: { secrets: SecretStore; redactor: Redactor },
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isSecretRef(value)) {
      // Not marked secret, but named like one (Authorization, *_TOKEN, *_API_KEY…): hide it anyway.
      if (isSecretName(name)) deps.redactor.add(value);
      out[name] = value;
      continue;
    }
    // A reference resolves only inside its own server and field: a config file (or an import) that
    // names another secret — the API key, another server's token — gets nothing from the store.
    const problem = secretRefProblem(config.name, field, name, value, config);
    if (problem) throw new ConfigProblem(problem);
    const secret = await deps.secrets.get(value.$secret);
    if (secret === undefined) {
      throw new ConfigProblem(
        `the secret for ${field} ${name} is not set (${value.$secret}); enter it in the server's settings`,
      );
    }
    deps.redactor.add(secret);
    out[name] = secret;
  }
  return out;
}
