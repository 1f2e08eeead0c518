import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import { ACTIVITY_FILE, ActivityLog } from '../host/activity/activityLog';

let home: string;
tempDirPerTest('sb-cli-activity-', (dir) => {
  home = dir;
});

/** The real CLI from its source, on the data folder `home`. */
function cli(argv: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'main.ts'), ...argv],
      { env: { PATH: process.env.PATH ?? '', HOME: home, SWITCHBOARD_HOME: home }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function record() {
  const log = new ActivityLog(path.join(home, 'activity'), { source: 'app' });
  const base = {
    kind: 'tool-call',
    asker: { kind: 'model', conversationId: 'c1' },
    decision: 'once',
    startedAt: 1,
    endedAt: 2,
  } as const;
  log.record({
    ...base,
    server: 'files',
    tool: 'read_file',
    arguments: { path: '/tmp/report.txt' },
    outcome: 'ok',
  });
  log.record({ ...base, server: 'git', tool: 'git_push', arguments: { branch: 'main' }, outcome: 'error' });
  log.record({
    ...base,
    server: 'files',
    tool: 'write_file',
    arguments: { path: '/tmp/notes.md' },
    outcome: 'ok',
  });
  await log.flush();
}

describe('mcp activity (real process)', () => {
  it('lists the record newest first, filtered and searched, as lines or JSON; says the chain holds', async () => {
    await record();
    const all = await cli(['activity']);
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(
      lines.map((l) =>
        l
          .match(/\s(\w+) · (\w+)\s/)
          ?.slice(1)
          .join(' '),
      ),
    ).toEqual(['files write_file', 'git git_push', 'files read_file']);
    expect(lines[1]).toContain('error  decided: once  asked by: model (chat c1)  {"branch":"main"}');
    expect(all.stderr).toContain('activity record: 3 entries, the chain holds');

    const files = JSON.parse((await cli(['activity', '--server', 'files', '--json'])).stdout);
    expect(files.map((e: { tool: string }) => e.tool)).toEqual(['write_file', 'read_file']);
    const found = JSON.parse((await cli(['activity', '--search', 'report', '--json'])).stdout);
    expect(found.map((e: { tool: string }) => e.tool)).toEqual(['read_file']);
    const failed = JSON.parse((await cli(['activity', '--outcome', 'error', '--json'])).stdout);
    expect(failed.map((e: { tool: string }) => e.tool)).toEqual(['git_push']);
  });

  it('a line edited by hand: named on stderr with its file and line, exit 1; the rest still listed', async () => {
    await record();
    const file = path.join(home, 'activity', ACTIVITY_FILE);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"branch":"main"', '"branch":"release"'));
    const r = await cli(['activity']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `activity record: ${ACTIVITY_FILE} line 2: the entry was changed after it was recorded`,
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('a flag it does not know, or a time it cannot read: exit 2 with what was wrong and its usage', async () => {
    const r = await cli(['activity', '--since', 'yesterday-ish']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: --since takes a time (ISO 8601, or a date), not "yesterday-ish"');
    expect(r.stderr).toContain('Usage: npm run -s mcp -- activity');
    expect((await cli(['activity', '--bogus'])).stderr).toContain('unknown activity flag --bogus');
  });
});
