import { commandLine } from '../../../shared/host/launchText';
import type { LaunchEnv } from '../../../shared/host/serverView';
import type { LaunchView } from '../../../shared/host/updateView';

type DiffChange = 'same' | 'changed' | 'added' | 'removed';

/** One line of an update's difference: what it is, before and after (absent: not there). */
export interface DiffRow {
  what: string;
  before?: string;
  after?: string;
  change: DiffChange;
}

const SECRET = 'a stored secret';
const shown = (item: LaunchEnv) => ('secret' in item ? SECRET : item.value);

function row(what: string, before: string | undefined, after: string | undefined): DiffRow {
  const change: DiffChange =
    before === undefined ? 'added' : after === undefined ? 'removed' : before === after ? 'same' : 'changed';
  return {
    what,
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
    change,
  };
}

/** Named values (env variables, headers) by name, in name order, each as it stands before and after. */
function named(kind: string, before: readonly LaunchEnv[], after: readonly LaunchEnv[]): DiffRow[] {
  const names = [...new Set([...before, ...after].map((i) => i.name))].sort();
  const of = (list: readonly LaunchEnv[], name: string) => {
    const item = list.find((i) => i.name === name);
    return item && shown(item);
  };
  return names.map((name) => row(`${kind} ${name}`, of(before, name), of(after, name)));
}

/**
 * What an update changes in what runs or where it connects: the command line, the folder, each
 * environment variable (a secret only as "a stored secret"), or the URL, transport and headers.
 */
export function launchDiff(before: LaunchView, after: LaunchView): DiffRow[] {
  const parts = (view: LaunchView) =>
    view.kind === 'stdio'
      ? {
          runs: commandLine(view.launch),
          cwd: view.launch.cwd,
          url: undefined,
          transport: undefined,
          env: view.launch.env,
          headers: [],
        }
      : {
          runs: undefined,
          cwd: undefined,
          url: view.url,
          transport: view.transport,
          env: [],
          headers: view.headers,
        };
  const b = parts(before);
  const a = parts(after);
  const rows: DiffRow[] = [];
  if (b.runs !== undefined || a.runs !== undefined) rows.push(row('Runs', b.runs, a.runs));
  if (b.cwd !== undefined || a.cwd !== undefined) rows.push(row('In folder', b.cwd, a.cwd));
  if (b.url !== undefined || a.url !== undefined) rows.push(row('URL', b.url, a.url));
  if (b.transport !== undefined || a.transport !== undefined)
    rows.push(row('Transport', b.transport, a.transport));
  rows.push(...named('env', b.env, a.env), ...named('header', b.headers, a.headers));
  return rows;
}
