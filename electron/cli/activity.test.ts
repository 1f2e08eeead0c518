import { execFile } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

/** The characters of `text` a terminal acts on or hides (controls but the line break, DEL, C1, bidi, zero-width). */
const actsOnTerminal = (text: string) =>
  [...text].filter((c) => {
    const cp = c.codePointAt(0)!;
    return (
      (cp < 0x20 && cp !== 0x0a) ||
      (cp >= 0x7f && cp <= 0x9f) ||
      cp === 0x200b ||
      (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2066 && cp <= 0x2069)
    );
  });

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

  it("a server's bytes in a tool name or arguments cannot draw forged entries or act on the terminal", async () => {
    const forged = (tool: string) =>
      `\r\n2026-01-01T00:00:00.000Z  app  files · ${tool}  ok  decided: once  asked by: you  {}`;
    // CR and LF draw new lines; ESC [1A ESC [2K climbs a line and erases it; CSI in C1 (U+009B) does
    // what ESC [ does; an RLO reorders; DEL and a zero-width space hide.
    const tool = `leak${forged('read_file')}${forged('list_dir')}\u001b[1A\u001b[2K\u009b2K\u202eevil\u007f\u200b`;
    const log = new ActivityLog(path.join(home, 'activity'), { source: 'app' });
    log.record({
      kind: 'tool-call',
      server: 'files\u001b]0;title\u0007',
      tool,
      arguments: { path: '/tmp/a\u202etxt.exe', note: '\u009b31m' },
      asker: { kind: 'model', conversationId: 'c1' },
      decision: 'once',
      outcome: 'ok',
      startedAt: 1,
      endedAt: 2,
    });
    await log.flush();
    const r = await cli(['activity']);
    expect(r.code).toBe(0);
    // One entry, one line; nothing in it a terminal acts on.
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(actsOnTerminal(r.stdout)).toEqual([]);
    expect(r.stdout).toContain('leak\\u000D\\u000A2026-01-01T00:00:00.000Z  app  files · read_file');
    expect(r.stdout).toContain('\\u001B[1A\\u001B[2K\\u009B2K\\u202Eevil\\u007F\\u200B');
    // As JSON: still JSON, the same text once parsed, and nothing raw on the terminal.
    const json = await cli(['activity', '--json']);
    expect(actsOnTerminal(json.stdout)).toEqual([]);
    const [entry] = JSON.parse(json.stdout);
    expect(entry.tool).toBe(tool);
    expect(entry.server).toBe('files\u001b]0;title\u0007');
    expect(entry.arguments).toEqual({ path: '/tmp/a\u202etxt.exe', note: '\u009b31m' });
  });

  it('the oldest files: removed by retention, the chain holds and says what went; removed by hand, named, exit 1', async () => {
    const dir = path.join(home, 'activity');
    const log = new ActivityLog(dir, { source: 'app', maxBytes: 2048 });
    for (let b = 0; b < 4; b++) {
      for (let i = 0; i < 8; i++)
        log.record({
          kind: 'tool-call',
          server: 'files',
          tool: `t${b}-${i}`,
          arguments: { padding: 'x'.repeat(200) },
          asker: { kind: 'person' },
          decision: 'hand-run',
          outcome: 'ok',
          startedAt: 1,
          endedAt: 2,
        });
      await log.flush();
    }
    const rotated = async () => (await readdir(dir)).filter((f) => f !== ACTIVITY_FILE).sort();
    const files = await rotated();
    expect(files.length).toBeGreaterThan(2);
    // Settings keep the newest files only: the oldest goes.
    const size = (await stat(path.join(dir, files.at(-1)!))).size;
    await log.retain({
      keepDays: 0,
      keepMegabytes: ((files.length - 1) * size) / (1024 * 1024),
      keepResultsWhole: false,
    });
    await log.flush();
    const kept = await rotated();
    expect(kept).toEqual(files.slice(files.length - kept.length));
    const removed = files.slice(0, files.length - kept.length);
    const held = await cli(['activity']);
    expect(held.code).toBe(0);
    expect(held.stderr).toMatch(
      new RegExp(
        `the chain holds; it starts where retention removed ${removed.join(', ').replace(/[.-]/g, '\\$&')} \\(\\d{4}-`,
      ),
    );
    // The oldest file kept, removed by hand: the record says its start is gone, and which file.
    await rm(path.join(dir, kept[0]!));
    const cut = await cli(['activity']);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain(
      `activity record: ${kept[1]} line 1: the record's start was removed by hand: ${kept[0]} (and anything older) is missing`,
    );
  });

  it('a flag it does not know, or a time it cannot read: exit 2 with what was wrong and its usage', async () => {
    const r = await cli(['activity', '--since', 'yesterday-ish']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: --since takes a time (ISO 8601, or a date), not "yesterday-ish"');
    expect(r.stderr).toContain('Usage: npm run -s mcp -- activity');
    expect((await cli(['activity', '--bogus'])).stderr).toContain('unknown activity flag --bogus');
  });
});
