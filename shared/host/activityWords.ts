import { fileLabel } from '../chat/attachedFile';
import type { ActivityBody } from './activity';

const SAMPLING: Record<Extract<ActivityBody, { kind: 'sampling' }>['decision'], string> = {
  approved: 'approved',
  declined: 'declined',
  'result-declined': 'the answer declined',
  'timed-out': 'not answered in time',
  cancelled: 'cancelled before an answer',
  'not-asked': 'refused before asking you',
};

const VIA: Record<Extract<ActivityBody, { kind: 'server' }>['via'], string> = {
  editor: 'by hand',
  import: 'imported',
  registry: 'from the MCP Registry',
  bundle: 'from a bundle',
  link: 'from an install link',
  update: 'updated from its registry',
  file: 'in config.json outside Switchboard',
};

const MOMENT: Record<Extract<ActivityBody, { kind: 'policy-refusal' }>['when'], string> = {
  start: 'to start',
  'policy-changed': 'as the policy changed',
  add: 'when added',
  edit: 'when edited',
  import: 'in an import',
  install: 'in an install',
  bundle: 'in a bundle',
  link: 'in an install link',
  update: 'in an update',
};

const list = (items: readonly string[]) => (items.length === 0 ? 'none' : items.join(', '));

/**
 * An entry other than a tool call in a line of words (no time, no source): what the page's row, the
 * CLI's line and the CSV's "what" cell say of it. A tool call's words are its page row's own.
 */
export function activityWords(e: ActivityBody): string {
  switch (e.kind) {
    case 'tool-call':
      return `${e.server || '(no server)'} · ${e.tool} · ${e.outcome}`;
    case 'sampling':
      return `${e.server} asked the model${e.model ? ` (${e.model})` : ''} · ${e.outcome} · ${SAMPLING[e.decision]}${
        e.edited.request || e.edited.result
          ? ` · you edited the ${e.edited.request && e.edited.result ? 'request and the answer' : e.edited.request ? 'request' : 'answer'}`
          : ''
      }`;
    case 'elicitation':
      return e.mode === 'url'
        ? `${e.server} asked you to open ${e.url ?? 'a page'} · ${e.action === 'accept' ? 'opened' : e.action === 'decline' ? 'declined' : 'not opened'}`
        : `${e.server} asked you for ${list(e.fields ?? [])} · ${e.action === 'accept' ? 'answered' : e.action === 'decline' ? 'declined' : 'cancelled'}`;
    case 'roots-listed':
      return `${e.server} was shown ${e.roots.length === 0 ? 'no folders' : list(e.roots)}`;
    case 'roots-changed':
      return `you changed the folders ${e.servers === 'all' ? 'every server sees' : `of ${list(e.servers)}`}`;
    case 'trust':
      return `${e.server}: you ${e.given ? 'trusted' : 'refused'} the launch ${e.launch}`;
    case 'switch':
      return e.outcome === 'ok'
        ? `${e.server}: switched to its newly trusted launch ${e.launch} (${e.how === 'beside' ? 'started beside the previous one, which then stopped' : 'started once the previous one stopped'})`
        : `${e.server}: its newly trusted launch ${e.launch} did not start${e.reason ? ` (${e.reason})` : ''}${e.how === 'beside' ? '; the previous one runs on' : ''}`;
    case 'approval': {
      const what =
        e.change === 'read-only-on'
          ? 'read-only tools allowed without asking'
          : e.change === 'read-only-off'
            ? 'read-only tools asked about again'
            : e.change === 'revoked'
              ? 'every standing approval taken back'
              : `${e.tool ?? 'a tool'} always allowed ${e.scope === 'server' ? '(with the server)' : e.scope === 'conversation' ? 'in the conversation' : ''}`.trim();
      return `${e.server}: ${what}`;
    }
    case 'server': {
      // An update is itself the change: "memory updated from its registry", never "changed updated…".
      const what = e.via === 'update' ? VIA.update : `${e.change} ${VIA[e.via]}`;
      return `${e.server} ${what}${e.detail ? ` (${e.detail})` : ''}`;
    }
    case 'policy-refusal':
      return `${e.server} refused by the policy ${MOMENT[e.when]}: ${e.reason} (rule: ${e.rule})`;
    case 'sandbox-denied':
      return `${e.server}'s sandbox denied it: tried to ${e.access === 'network' ? 'reach' : e.access} ${e.target}`;
    case 'sign-in':
      return `${e.server}: ${e.change === 'signed-in' ? 'signed in' : 'signed out'} · ${e.outcome}${e.reason ? ` (${e.reason})` : ''}`;
    case 'attachment':
      return `attached ${fileLabel(e)}`;
    case 'key':
      return `the ${e.provider} API key ${e.change}`;
    case 'retention':
      return `older files of the record removed (${e.removed.join(', ')}): kept ${e.keepDays > 0 ? `${e.keepDays} days` : 'without a day limit'}, ${e.keepMegabytes > 0 ? `${e.keepMegabytes} MB` : 'without a size limit'}`;
    case 'rotated':
      return `the record was rotated (${e.entries.toLocaleString('en')} entries kept in ${e.from})`;
    case 'not-recorded':
      return `${e.count.toLocaleString('en')} entries could not be recorded: ${e.error}`;
  }
}
