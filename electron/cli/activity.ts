import path from 'node:path';
import { ACTIVITY_KINDS, type ActivityEntry } from '../../shared/host/activity';
import { activityWords } from '../../shared/host/activityWords';
import { terminalText } from '../../shared/host/invisible';
import { activityFilter } from '../../shared/ipc/activityContract';
import type { ActivityFilter } from '../host/activity/activityQuery';
import { ActivityReader } from '../host/activity/activityReader';
import { switchboardHome } from '../host/config/configFile';
import { UsageError } from './usageError';

export const ACTIVITY_USAGE = `Usage: npm run -s mcp -- activity [filters] [--json] [--limit N]

The activity record of Switchboard's data folder (the app's and mcp chat's tool calls, sampling,
elicitations, folders shown, trust, approvals, servers, sign-ins and keys), newest first;
the record's chain is checked and every place it does not hold is said on stderr (exit 1).

Filters (each given must hold):
  --server <name>   --kind <kind>   --decision <decision>   --outcome ok|error|cancelled|refused
  --conversation <id>   --since <time>   --until <time> (ISO 8601, or a date)
  --search "<words>"                    every word, by its start, in what an entry names and its arguments
Kinds: ${ACTIVITY_KINDS.join(', ')}
Output: a line per entry (the newest 50 unless --limit), or with --json every entry as a JSON array.`;

/** Every decision a tool call or a sampling request is recorded with. */
const DECISIONS = activityFilter.shape.decision.unwrap().options;

const oneOf = <T extends string>(flag: string, v: string, allowed: readonly T[]): T => {
  if (!(allowed as readonly string[]).includes(v))
    throw new UsageError(`${flag} takes one of ${allowed.join(', ')}; not ${JSON.stringify(v)}`);
  return v as T;
};

interface ActivityArgs {
  filter: ActivityFilter;
  json: boolean;
  limit: number | undefined;
}

function parseActivityArgs(argv: string[]): ActivityArgs {
  const filter: ActivityFilter = {};
  let json = false;
  let limit: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    const time = () => {
      const v = value();
      const t = Date.parse(v);
      if (Number.isNaN(t))
        throw new UsageError(`${arg} takes a time (ISO 8601, or a date), not ${JSON.stringify(v)}`);
      return t;
    };
    switch (arg) {
      case '--server':
        filter.server = value();
        break;
      case '--kind':
        filter.kind = oneOf(arg, value(), ACTIVITY_KINDS);
        break;
      case '--decision':
        filter.decision = oneOf(arg, value(), DECISIONS);
        break;
      case '--outcome': {
        const o = value();
        if (!['ok', 'error', 'cancelled', 'refused'].includes(o))
          throw new UsageError(`--outcome takes ok, error, cancelled or refused, not ${JSON.stringify(o)}`);
        filter.outcome = o as ActivityFilter['outcome'];
        break;
      }
      case '--conversation':
        filter.conversation = value();
        break;
      case '--since':
        filter.since = time();
        break;
      case '--until':
        filter.until = time();
        break;
      case '--search':
        filter.search = value();
        break;
      case '--json':
        json = true;
        break;
      case '--limit': {
        const n = Number(value());
        if (!Number.isInteger(n) || n <= 0) throw new UsageError('--limit takes a positive whole number');
        limit = n;
        break;
      }
      case '--help':
      case '-h':
        throw new UsageError('');
      default:
        throw new UsageError(`unknown activity flag ${arg}`);
    }
  }
  return { filter, json, limit };
}

/** `activity`: the record, filtered, newest first; the chain checked (exit 1 where it does not hold). */
export async function runActivity(
  argv: string[],
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { filter, json, limit } = parseActivityArgs(argv);
  const dir = path.join(switchboardHome(env), 'activity');
  const reader = new ActivityReader(dir);
  const { entries: shown, recorded, problems, start } = await reader.query(filter);
  const some = limit !== undefined || !json ? shown.slice(0, limit ?? 50) : shown;
  // Every field is a server's or a model's bytes: each entry stays one line, nothing in it acts on the
  // terminal (a tool name of CR, LF and escapes would draw forged entries over the real one).
  if (json) io.stdout(terminalText(JSON.stringify(some, null, 2)));
  else for (const e of some) io.stdout(terminalText(lineOf(e), 'one-line'));
  if (!json && shown.length > some.length)
    io.stderr(`${shown.length - some.length} older entries not shown (--limit, or --json for all)`);
  for (const p of problems)
    io.stderr(terminalText(`activity record: ${p.file} line ${p.line}: ${p.problem}`, 'one-line'));
  // Where it starts, when not at its first entry ever: what Settings' retention removed, and when.
  const cut =
    start?.kind === 'retention'
      ? `; it starts where retention removed ${start.removed.join(', ')} (${new Date(start.at).toISOString()})`
      : '';
  if (problems.length === 0)
    io.stderr(terminalText(`activity record: ${recorded} entries, the chain holds${cut}`, 'one-line'));
  return problems.length === 0 ? 0 : 1;
}

function lineOf(e: ActivityEntry): string {
  const when = new Date(e.at).toISOString();
  if (e.kind !== 'tool-call') return `${when}  ${e.source}  ${activityWords(e)}`;
  const who =
    e.asker.kind === 'model'
      ? `model${e.asker.conversationId ? ` (chat ${e.asker.conversationId})` : ''}`
      : e.asker.kind;
  return `${when}  ${e.source}  ${e.server} · ${e.tool}  ${e.outcome}  decided: ${e.decision}  asked by: ${who}  ${JSON.stringify(e.arguments)}`;
}
