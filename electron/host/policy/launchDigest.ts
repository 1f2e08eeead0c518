import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonicalJson';
import { isSecretRef, type ServerConfig } from '../config/serverConfig';

/**
 * The digest of exactly what a server runs, or where it connects, as an install built it: a local
 * server's command, arguments, folder and environment (each plain value; a stored secret by its name
 * alone), a remote server's URL. Not its name: a renamed server is the same launch. Not a secret's
 * reference: that names the server and follows a rename, and what it holds is the person's to type
 * (which variables may change what runs is the policy's own check, by name, whatever holds them).
 * An install records it (InstallRecords); a launch changed since — edited, hand-written, imported —
 * no longer matches, and is judged as added by hand.
 */
export function launchDigest(config: ServerConfig): string {
  const launch =
    config.kind === 'stdio'
      ? {
          kind: 'stdio',
          command: config.command,
          args: config.args,
          cwd: config.cwd ?? null,
          env: Object.fromEntries(
            Object.entries(config.env).map(([name, value]) => [
              name,
              isSecretRef(value) ? { secret: true } : value,
            ]),
          ),
        }
      : { kind: 'remote', url: config.url };
  return createHash('sha256').update(canonicalJson(launch, 'a launch')).digest('hex');
}
