import {
  ACTIVITY_KINDS,
  type ActivityAsker,
  type ActivityDecision,
  type ActivityEntry,
  type ActivityKind,
  type RecordedResult,
  type SamplingDecision,
} from '../../../shared/host/activity';

const DECISIONS: Record<ActivityDecision, string> = {
  denied: 'denied',
  once: 'allowed once',
  conversation: 'allowed for the conversation',
  'always-tool': 'always allowed (tool)',
  'always-server': 'always allowed (server)',
  'standing-approval': 'a standing approval',
  'auto-read-only': 'allowed as read-only (policy)',
  'hand-run': 'run by hand',
  policy: 'allowed by a rule (mcp chat --allow)',
  'timed-out': 'not answered in time',
  cancelled: 'cancelled before an answer',
  'not-asked': 'never asked',
};

/** How a call was decided, in the person's words. */
export const decisionText = (d: ActivityDecision) => DECISIONS[d];

/** Who asked for a call, in the person's words. */
export function askerText(a: ActivityAsker): string {
  switch (a.kind) {
    case 'model':
      return 'the model';
    case 'view':
      return "a server's View";
    case 'hand-run':
      return 'you (Run)';
    case 'person':
      return 'you';
  }
}

/** A sampling request's own decisions (timed out, cancelled and never asked are named as a call's are). */
const SAMPLING_DECISIONS: [SamplingDecision, string][] = [
  ['approved', 'approved (sampling)'],
  ['declined', 'declined (sampling)'],
  ['result-declined', "the model's answer declined (sampling)"],
];

/** The Decision filter's choices: a call's decisions, then a sampling request's. */
export const DECISION_OPTIONS: [ActivityDecision | SamplingDecision, string][] = [
  ...(Object.entries(DECISIONS) as [ActivityDecision, string][]),
  ...SAMPLING_DECISIONS,
];

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'none';
const took = (e: { startedAt: number; endedAt: number }) =>
  `${((e.endedAt - e.startedAt) / 1000).toFixed(2)} s`;
const digest = (r: RecordedResult) =>
  `${r.bytes.toLocaleString()} bytes${r.isError ? ', an error' : ''} · SHA-256 ${r.sha256}`;

/** An opened entry's details, label and text (a text of several lines is shown as such). */
export function detailsOf(e: ActivityEntry): [string, string][] {
  const rows: [string, string | undefined][] = [];
  switch (e.kind) {
    case 'tool-call':
      rows.push(
        ['Arguments', json(e.arguments)],
        ['Tool use', e.asker.kind === 'model' ? e.asker.toolUseId : undefined],
        ['Why', e.reason],
        ['Result', e.result && digest(e.result)],
        ['Whole result', e.result?.whole !== undefined ? json(e.result.whole) : undefined],
        ['Took', took(e)],
      );
      break;
    case 'sampling':
      rows.push(
        ['Sent to the model', json(e.request.messages)],
        ['System prompt', e.request.systemPrompt],
        ['At most', `${e.request.maxTokens.toLocaleString()} tokens`],
        ['Model', e.model],
        [
          'Tokens',
          e.tokens && `${e.tokens.input.toLocaleString()} in, ${e.tokens.output.toLocaleString()} out`,
        ],
        [
          'Edited by you',
          e.edited.request || e.edited.result
            ? [e.edited.request && 'the request', e.edited.result && 'the answer']
                .filter(Boolean)
                .join(' and ')
            : 'nothing',
        ],
        ['Why', e.reason],
        ['Answer', e.result && digest(e.result)],
        ['Whole answer', e.result?.whole !== undefined ? json(e.result.whole) : undefined],
        ['Took', took(e)],
      );
      break;
    case 'elicitation':
      rows.push(
        ['Message', e.message],
        ['Fields asked', e.fields?.join(', ')],
        ['Page', e.url],
        ['Answer', e.action],
        ['Why', e.reason],
        ['Took', took(e)],
      );
      break;
    case 'roots-listed':
      rows.push(['Folders shown', e.roots.join('\n') || 'none']);
      break;
    case 'roots-changed':
      for (const [who, folders] of Object.entries(e.roots))
        rows.push([who === '*' ? 'Every server' : who, folders.join('\n') || 'none']);
      break;
    case 'trust':
      rows.push(['Launch', e.launch]);
      break;
    case 'approval':
      rows.push(['Tool', e.tool], ['Scope', e.scope]);
      break;
    case 'server':
      rows.push(['Runs or is at', e.target], ['From', e.detail]);
      break;
    case 'policy-refusal':
      rows.push(['Runs or is at', e.target], ['Rule', e.rule], ['Why', e.reason]);
      break;
    case 'attachment':
      rows.push(
        ['File', e.name],
        ['Size', `${e.size.toLocaleString()} bytes`],
        ['Type', e.mediaType],
        ['SHA-256', e.sha256],
      );
      break;
    case 'sign-in':
      rows.push(['Why', e.reason]);
      break;
    case 'switch':
      rows.push(['Launch', e.launch], ['Why', e.reason], ['Replaced identity', e.from]);
      break;
    default:
      break;
  }
  if ('serverIdentity' in e && e.serverIdentity) rows.push(['Server identity', e.serverIdentity]);
  return rows.filter((r): r is [string, string] => r[1] !== undefined && r[1] !== '');
}

const KINDS: Record<ActivityKind, string> = {
  'tool-call': 'tool calls',
  sampling: 'sampling',
  elicitation: 'questions (elicitation)',
  'roots-listed': 'folders shown',
  'roots-changed': 'folders changed',
  trust: 'trust',
  switch: 'switched to a new launch',
  approval: 'approvals',
  server: 'servers added, changed, removed',
  'policy-refusal': 'refused by the policy',
  'sandbox-denied': 'denied by the sandbox',
  'sign-in': 'sign-ins',
  attachment: 'files attached',
  key: 'API keys',
  retention: 'older files removed',
  rotated: 'record rotated',
  'not-recorded': 'not recorded',
};

export const KIND_OPTIONS = ACTIVITY_KINDS.map((k) => [k, KINDS[k]] as const);
