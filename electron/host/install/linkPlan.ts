// Install links in the app: the library's preview turned into what the Servers page shows, and a
// confirmed preview turned into the edit form's draft — so it is written by the same saveDraft as a
// hand-added server (secrets to the store), and waits for the same trust step.

import type { LinkConfirmation, LinkServerView } from '../../../shared/host/linkView';
import type { ServerDraft } from '../../../shared/host/serverDraft';
import type { ServerRefusal } from '../../../shared/host/serverView';
import { draftOf } from '../config/serverEditor';
import type { LinkServer } from './links/installLink';

export function linkServerView(
  server: LinkServer,
  { exists, refused }: { exists: boolean; refused: ServerRefusal | undefined },
): LinkServerView {
  const { config } = server;
  const field = config.kind === 'stdio' ? 'env' : 'headers';
  const record = config.kind === 'stdio' ? config.env : config.headers;
  const values = Object.entries(record).map(([name, value]) => {
    const need = server.needsValue.find((n) => n.field === field && n.name === name);
    return {
      name,
      value: typeof value === 'string' ? value : '',
      secretLooking: server.secretLooking.some((s) => s.field === field && s.name === name),
      needsValue: need !== undefined,
      ...(need?.hint ? { hint: need.hint } : {}),
    };
  });
  return {
    name: config.name,
    kind: config.kind,
    ...(config.kind === 'stdio'
      ? { command: config.command, args: [...config.args], ...(config.cwd ? { cwd: config.cwd } : {}) }
      : { url: config.url }),
    field,
    values,
    ...(server.description ? { description: server.description } : {}),
    warnings: server.warnings,
    exists,
    ...(refused ? { refused } : {}),
  };
}

/**
 * The edit form's draft of a link's server with the person's answers: typed values replace the
 * link's, values chosen secret go to the store. A value the link left to fill and still empty stops it.
 */
export function linkDraft(server: LinkServer, answers: LinkConfirmation): ServerDraft {
  const name = server.config.name;
  const typed = answers.values[name] ?? {};
  const secret = new Set(answers.secret[name] ?? []);
  const draft = draftOf(server.config);
  const record = draft.kind === 'stdio' ? draft.env : draft.headers;
  const field = draft.kind === 'stdio' ? 'env' : 'headers';
  for (const [key, current] of Object.entries(record)) {
    const link = 'value' in current ? current.value : '';
    const value = typed[key] ?? link;
    const needs = server.needsValue.some((n) => n.field === field && n.name === key);
    if (needs && (typed[key] === undefined || typed[key].trim() === ''))
      throw new Error(`${name}: ${field} ${key} needs a value: fill it in the preview`);
    record[key] = secret.has(key) && value !== '' ? { secret: true, value } : { value };
  }
  return draft;
}
