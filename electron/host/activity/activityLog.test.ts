import { execFile } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import type { ActivityBody } from '../../../shared/host/activity';
import { ACTIVITY_FILE, ActivityLog } from './activityLog';
import { ActivityNotices } from './activityNotices';
import type { ActivityFilter } from './activityQuery';
import { ActivityReader, readActivity } from './activityReader';
import { ActivitySearch } from './activitySearch';

let dir: string;
tempDirPerTest('sb-activity-', (d) => {
  dir = path.join(d, 'activity');
});

const call = (tool: string, args: unknown = {}): Extract<ActivityBody, { kind: 'tool-call' }> => ({
  kind: 'tool-call',
  server: 'everything',
  tool,
  arguments: args,
  asker: { kind: 'model', conversationId: 'c1' },
  decision: 'once',
  outcome: 'ok',
  startedAt: 1,
  endedAt: 2,
});

async function written(
  calls: ActivityBody[],
  options: Partial<ConstructorParameters<typeof ActivityLog>[1]> = {},
) {
  const log = new ActivityLog(dir, { source: 'app', ...options });
  for (const c of calls) log.record(c);
  await log.flush();
  return log;
}

const lines = async (file = ACTIVITY_FILE) =>
  (await readFile(path.join(dir, file), 'utf8')).split('\n').filter(Boolean);

describe('the activity record', () => {
  it('appends entries, each chained to the one before, in a file only its owner can read', async () => {
    await written([call('echo'), call('add'), call('echo', { message: 'hi' })]);
    const { entries, problems } = await readActivity(dir);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual(['echo', 'add', 'echo']);
    expect(entries[0]!.prev).toBe('0'.repeat(64));
    expect(entries[1]!.prev).toBe(entries[0]!.hash);
    expect(entries[2]!.source).toBe('app');
    expect((await stat(path.join(dir, ACTIVITY_FILE))).mode & 0o777).toBe(0o600);
    // A second writer later (another start) goes on from the file's last entry.
    await written([call('later')]);
    const again = await readActivity(dir);
    expect(again.problems).toEqual([]);
    expect(again.entries.at(-1)!.prev).toBe(entries[2]!.hash);
  });

  it('names an edited line, a removed line and a line that is not an entry; the rest is still read', async () => {
    await written([call('a'), call('b'), call('c'), call('d'), call('e')]);
    const text = await lines();
    // b's arguments edited in place, d removed, garbage where c's line ended a torn write.
    text[1] = text[1]!.replace('"arguments":{}', '"arguments":{"x":1}');
    text.splice(3, 1);
    text.splice(3, 0, '{"kind":"tool-call","cut off');
    await writeFile(path.join(dir, ACTIVITY_FILE), `${text.join('\n')}\n`);
    const { entries, problems } = await readActivity(dir);
    expect(entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual(['a', 'b', 'c', 'e']);
    expect(problems).toEqual([
      { file: ACTIVITY_FILE, line: 2, problem: expect.stringContaining('changed after it was recorded') },
      { file: ACTIVITY_FILE, line: 4, problem: expect.stringContaining('not an activity entry') },
      { file: ACTIVITY_FILE, line: 5, problem: expect.stringContaining('the chain breaks here') },
    ]);
  });

  it('a line cut off by a crash stays its own line: the next write starts a new one and chains from the last whole entry', async () => {
    await written([call('a')]);
    await writeFile(path.join(dir, ACTIVITY_FILE), `${(await lines()).join('\n')}\n{"kind":"tool-ca`);
    await written([call('b')]);
    const { entries, problems } = await readActivity(dir);
    expect(entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual(['a', 'b']);
    expect(problems).toEqual([
      { file: ACTIVITY_FILE, line: 2, problem: expect.stringContaining('not an activity entry') },
    ]);
  });

  it('a line nested past what is read (written by hand) is named and skipped, never a thrown read; the chain goes on', async () => {
    await written([call('a')]);
    const deep = `{"kind":"tool-call","at":1,"prev":"${'0'.repeat(64)}","hash":"${'1'.repeat(64)}","arguments":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    await writeFile(path.join(dir, ACTIVITY_FILE), `${(await lines()).join('\n')}\n${deep}\n`);
    await written([call('b')]);
    const { entries, problems } = await readActivity(dir);
    expect(entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual(['a', 'b']);
    expect(problems).toEqual([
      { file: ACTIVITY_FILE, line: 2, problem: expect.stringContaining('not an activity entry') },
    ]);
  });

  it('one entry that cannot be kept whole never takes the others of its batch down: it is kept as a stub', async () => {
    await written([
      call('a'),
      call('b', { n: 10n, deep: JSON.parse(`${'['.repeat(150)}${']'.repeat(150)}`) }),
      call('c'),
    ]);
    const { entries, problems } = await readActivity(dir);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.kind)).toEqual(['tool-call', 'tool-call', 'tool-call']);
    expect(entries[1]).toMatchObject({
      tool: 'b',
      arguments: {
        n: expect.stringMatching(/^\[not recorded: not JSON/),
        deep: expect.stringMatching(/^\[not recorded: nested deeper than/),
      },
    });
  });

  it('rotates past its size: the full file moves aside, the new one starts by saying so, the chain runs through both', async () => {
    await written(
      Array.from({ length: 30 }, (_, i) => call(`t${i}`, { padding: 'x'.repeat(200) })),
      { maxBytes: 4096 },
    );
    const files = (await readdir(dir)).sort();
    expect(files.length).toBeGreaterThan(1);
    expect(files.filter((f) => /^activity-.+\.jsonl$/.test(f)).length).toBe(files.length - 1);
    const { entries, problems } = await readActivity(dir);
    expect(problems).toEqual([]);
    const calls = entries.filter((e) => e.kind === 'tool-call');
    expect(calls).toHaveLength(30);
    const rotations = entries.filter((e) => e.kind === 'rotated');
    expect(rotations.length).toBe(files.length - 1);
    expect(rotations[0]).toMatchObject({ from: files[0], entries: expect.any(Number) });
  });

  it("the record's start is anchored: the oldest files removed by hand are named; removed by retention, the chain holds and says what went", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    // Written in batches (each a write that may rotate): several older files.
    const batches = async (log: ActivityLog, name: string) => {
      for (let b = 0; b < 5; b++) {
        for (let i = 0; i < 12; i++) log.record(call(`${name}${b}-${i}`, { padding: 'x'.repeat(200) }));
        await log.flush();
      }
    };
    await batches(new ActivityLog(dir, { source: 'app', maxBytes: 4096 }), 't');
    const rotated = async () => (await readdir(dir)).filter((f) => /^activity-.+\.jsonl$/.test(f)).sort();
    const files = await rotated();
    expect(files.length).toBeGreaterThan(3);
    // Every file after the first begins by naming the one before it, and the hash it ended with.
    const firsts = await Promise.all(
      [...files.slice(1), ACTIVITY_FILE].map(async (f) => JSON.parse((await lines(f))[0]!)),
    );
    expect(firsts.map((e) => [e.kind, e.from])).toEqual(files.map((f) => ['rotated', f]));
    expect((await readActivity(dir)).problems).toEqual([]);

    // The oldest file removed by hand: named, as the record's start removed by no retention.
    const copy = await readFile(path.join(dir, files[0]!));
    await rm(path.join(dir, files[0]!));
    let read = await readActivity(dir);
    expect(read.problems).toEqual([
      {
        file: files[1],
        line: 1,
        problem: expect.stringContaining(
          `the record's start was removed by hand: ${files[0]} (and anything older) is missing`,
        ),
      },
    ]);
    // A file in the middle removed by hand: named, with how many entries it held.
    await writeFile(path.join(dir, files[0]!), copy);
    await rm(path.join(dir, files[2]!));
    read = await readActivity(dir);
    expect(read.problems).toEqual([
      {
        file: files[3],
        line: 1,
        problem: expect.stringMatching(
          new RegExp(
            `^the file ${files[2]!.replace(/[.-]/g, '\\$&')} before this one is missing \\(\\d+ entries\\): removed by hand`,
          ),
        ),
      },
    ]);

    // Retention (Settings' days) removes the two oldest: it says so in the chain first — which
    // files, and the hash each ended with — and the record holds, starting where retention cut it.
    await rm(dir, { recursive: true });
    const again = new ActivityLog(dir, { source: 'app', maxBytes: 4096 });
    await batches(again, 'u');
    const kept = await rotated();
    const past = new Date(Date.now() - 40 * DAY);
    for (const f of kept.slice(0, 2)) await utimes(path.join(dir, f), past, past);
    await again.retain({ keepDays: 30, keepMegabytes: 0, keepResultsWhole: false });
    await again.flush();
    expect(await rotated()).toEqual(kept.slice(2));
    read = await readActivity(dir);
    expect(read.problems).toEqual([]);
    const retention = read.entries.filter((e) => e.kind === 'retention');
    expect(retention).toEqual([
      expect.objectContaining({
        removed: kept.slice(0, 2),
        endedWith: {
          [kept[0]!]: expect.stringMatching(/^[0-9a-f]{64}$/),
          [kept[1]!]: read.entries[0]!.prev,
        },
      }),
    ]);
    expect(read.start).toEqual({
      kind: 'retention',
      removed: kept.slice(0, 2),
      at: retention[0]!.at,
    });
    // A retention entry naming another file, or another hash, does not vouch for a start removed by hand.
    await rm(path.join(dir, kept[2]!));
    expect((await readActivity(dir)).problems).toEqual([
      expect.objectContaining({
        file: kept[3],
        line: 1,
        problem: expect.stringContaining(`${kept[2]} (and anything older) is missing`),
      }),
    ]);
  });

  it("retention: files past Settings' days or size removed, the current one rotated once its start is too old; each removal recorded, the chain holds", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const keep = (keepDays: number, keepMegabytes: number) => ({
      keepDays,
      keepMegabytes,
      keepResultsWhole: false,
    });
    const log = new ActivityLog(dir, { source: 'app', maxBytes: 4096 });
    // Written in batches (each a write that may rotate): several older files.
    const batches = async (name: string) => {
      for (let b = 0; b < 3; b++) {
        for (let i = 0; i < 12; i++) log.record(call(`${name}${b}-${i}`, { padding: 'x'.repeat(200) }));
        await log.flush();
      }
    };
    await batches('t');
    const rotated = async () => (await readdir(dir)).filter((f) => /^activity-.+\.jsonl$/.test(f)).sort();
    const before = await rotated();
    expect(before.length).toBeGreaterThan(1);
    // Nothing is old yet, and no size is passed: nothing goes.
    await log.retain(keep(30, 0));
    await log.flush();
    expect(await rotated()).toEqual(before);
    // The oldest file's last write 40 days ago: past 30 days, removed — and that said in the record.
    const past = new Date(Date.now() - 40 * DAY);
    await utimes(path.join(dir, before[0]!), past, past);
    await log.retain(keep(30, 0));
    await log.flush();
    expect(await rotated()).toEqual(before.slice(1));
    let read = await readActivity(dir);
    expect(read.problems).toEqual([]);
    expect(read.entries.filter((e) => e.kind === 'retention')).toEqual([
      expect.objectContaining({ removed: [before[0]], keepDays: 30, keepMegabytes: 0 }),
    ]);
    // Two days on with one day kept: the current file (begun today) is rotated, then everything older goes.
    await log.retain(keep(1, 0), Date.now() + 2 * DAY);
    await log.flush();
    expect(await rotated()).toEqual([]);
    read = await readActivity(dir);
    expect(read.problems).toEqual([]);
    expect(read.entries.map((e) => e.kind)).toEqual(['rotated', 'retention']);
    // By size: the older files kept under the limit, oldest first.
    await log.retain(keep(0, 0));
    await batches('u');
    const now = await rotated();
    expect(now.length).toBeGreaterThan(1);
    const sizes = await Promise.all(now.map(async (f) => (await stat(path.join(dir, f))).size));
    const limit = sizes.slice(1).reduce((a, b) => a + b, 0);
    await log.retain(keep(0, limit / (1024 * 1024)));
    await log.flush();
    expect(await rotated()).toEqual(now.slice(1));
    expect((await readActivity(dir)).problems).toEqual([]);
  });

  it('two processes writing at once (the app and mcp chat): every line whole, none lost, one chain', async () => {
    const run = promisify(execFile);
    const writer = path.resolve(__dirname, '../../../e2e/fixtures/activityWriter.ts');
    await mkdir(dir, { recursive: true });
    await Promise.all(
      ['app', 'cli'].map((source) =>
        run(process.execPath, ['--import', 'tsx', writer, dir, source, '150'], { timeout: 60_000 }),
      ),
    );
    const { entries, problems } = await readActivity(dir);
    expect(problems).toEqual([]);
    for (const source of ['app', 'cli']) {
      const mine = entries.filter((e) => e.source === source);
      expect(mine.map((e) => (e.kind === 'tool-call' ? e.arguments : undefined))).toEqual(
        Array.from({ length: 150 }, (_, i) => ({ i })),
      );
    }
  });

  it('a record it cannot write is said once; the calls it missed are counted into the record when it can again', async () => {
    await mkdir(path.dirname(dir), { recursive: true });
    // A file where the folder should be: nothing can be written.
    await writeFile(dir, 'not a folder');
    const failures: string[] = [];
    // What the window is told (ActivityNotices): failing with the count so far, then written again.
    const notices = new ActivityNotices();
    const log = new ActivityLog(dir, {
      source: 'app',
      onFailure: (e) => failures.push(e.message),
      onHealth: (failing, missed) => notices.writing(failing, missed),
    });
    log.record(call('a'));
    await log.flush();
    log.record(call('b'));
    log.record(call('c'));
    await log.flush();
    expect(failures).toHaveLength(1);
    expect(notices.current()).toEqual({
      failing: expect.stringMatching(/ENOTDIR|EEXIST|not a directory/i),
      missed: 3,
    });
    await rm(dir);
    log.record(call('d'));
    await log.flush();
    expect(notices.current()).toEqual({ missed: 3 });
    const { entries, problems } = await readActivity(dir);
    expect(problems).toEqual([]);
    expect(entries[0]).toMatchObject({ kind: 'not-recorded', count: 3 });
    expect(entries[1]).toMatchObject({ kind: 'tool-call', tool: 'd' });
  });

  it('read by the app as it grows: what any writer appended since, and all again after a rotation; a search finds new entries', async () => {
    const reader = new ActivityReader(dir);
    expect((await reader.all()).entries).toEqual([]);
    await written([call('first', { note: 'alpha' })]);
    expect((await reader.query({ search: 'alpha' })).entries).toHaveLength(1);
    // Another writer (another process would be the same file) appends; a line half written is left for later.
    await written([call('second', { note: 'beta' })]);
    const file = path.join(dir, ACTIVITY_FILE);
    await writeFile(file, `${await readFile(file, 'utf8')}{"kind":"tool-call","hal`);
    expect((await reader.all()).entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual([
      'first',
      'second',
    ]);
    expect((await reader.query({ search: 'beta' })).entries).toHaveLength(1);
    expect((await reader.all()).problems).toEqual([]);
    // Rotated: read again from the files, the chain still whole (the torn line named once the next write closes it).
    await written(
      Array.from({ length: 20 }, (_, i) => call(`more${i}`, { padding: 'x'.repeat(300) })),
      { maxBytes: 2048 },
    );
    const after = await reader.all();
    expect(after.entries.filter((e) => e.kind === 'tool-call')).toHaveLength(22);
    expect(after.problems).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/^activity-/),
        problem: expect.stringContaining('not an activity entry'),
      }),
    ]);
    expect((await reader.query({ search: 'more19' })).entries).toHaveLength(1);
  });

  it('is filtered and searched: by server, outcome, conversation, time, and every word of a search by its start', async () => {
    await written([
      call('echo', { message: 'deploy the staging server' }),
      { ...call('get-sum', { a: 1 }), outcome: 'error' },
      { ...call('echo', { message: 'hello' }), asker: { kind: 'model', conversationId: 'c2' } },
    ]);
    const reader = new ActivityReader(dir);
    const { entries } = await reader.all();
    const tools = async (f: ActivityFilter) =>
      (await reader.query(f)).entries.map((e) =>
        e.kind === 'tool-call' ? `${e.tool} ${JSON.stringify(e.arguments)}` : e.kind,
      );
    expect(await tools({})).toEqual([
      'echo {"message":"hello"}',
      'get-sum {"a":1}',
      'echo {"message":"deploy the staging server"}',
    ]);
    expect(await tools({ outcome: 'error' })).toEqual(['get-sum {"a":1}']);
    expect(await tools({ conversation: 'c2' })).toEqual(['echo {"message":"hello"}']);
    expect(await tools({ search: 'stag depl' })).toEqual(['echo {"message":"deploy the staging server"}']);
    expect(await tools({ search: 'get' })).toEqual(['get-sum {"a":1}']);
    expect(await tools({ since: entries[2]!.at + 1 })).toEqual([]);
  });

  it('reads a record longer than one part whole: lines and characters cut at the end of a part taken whole, the chain holding', async () => {
    // About 700 KiB: three parts of 256 KiB, their ends falling inside lines (and inside "é", two bytes).
    await written(
      Array.from({ length: 1000 }, (_, i) => call(`t${i}`, { note: `${'é'.repeat(150)} n${i}` })),
    );
    const reader = new ActivityReader(dir);
    const { entries, problems } = await reader.all();
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual(
      Array.from({ length: 1000 }, (_, i) => `t${i}`),
    );
    expect(
      entries.every(
        (e) => e.kind === 'tool-call' && (e.arguments as { note: string }).note.startsWith('é'.repeat(150)),
      ),
    ).toBe(true);
    expect((await reader.query({ search: 'n999' })).entries).toHaveLength(1);
  });

  it('reads a line longer than several parts whole, and leaves a torn last line for the next read', async () => {
    await written([call('before'), call('long', { note: 'x'.repeat(700 * 1024) }), call('after')]);
    const file = path.join(dir, ACTIVITY_FILE);
    await writeFile(file, `${await readFile(file, 'utf8')}{"kind":"tool-call","torn`);
    const { entries, problems } = await readActivity(dir);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual(['before', 'long', 'after']);
  });

  it('a search under way when the record is read again (rotated) answers from the new reading, newest entries included', async () => {
    await written(Array.from({ length: 10_000 }, (_, i) => call(`t${i}`, { note: `n${i}` })));
    const reader = new ActivityReader(dir);
    await reader.all();
    const file = path.join(dir, ACTIVITY_FILE);
    const late = JSON.parse((await readFile(file, 'utf8')).split('\n')[0]!);
    // Its index is built 500 entries a turn (20 turns): the rotation is read a few turns in.
    const add = ActivitySearch.prototype.add;
    const indexing = new Promise<void>((resolve) => {
      vi.spyOn(ActivitySearch.prototype, 'add').mockImplementation(function (this: ActivitySearch, entries) {
        resolve();
        return add.call(this, entries);
      });
    });
    const searched = reader.query({ search: 'n9999' });
    await indexing;
    renameSync(file, path.join(dir, 'activity-2026-01-01T00-00-00-000Z.jsonl'));
    writeFileSync(file, `${JSON.stringify({ ...late, tool: 'late', arguments: { note: 'n9999 again' } })}\n`);
    await reader.all();
    expect((await searched).entries.map((e) => e.kind === 'tool-call' && e.tool)).toEqual(['late', 't9999']);
    vi.restoreAllMocks();
  });

  it('a line that is an entry but lacks what its kind holds (edited by hand) is searched by its kind; searches go on', async () => {
    await written([call('echo', { note: 'first' })]);
    const file = path.join(dir, ACTIVITY_FILE);
    const hex = '0'.repeat(64);
    await writeFile(
      file,
      `${await readFile(file, 'utf8')}${JSON.stringify({ kind: 'roots-listed', at: 2, source: 'app', prev: hex, hash: hex })}\n`,
    );
    const reader = new ActivityReader(dir);
    expect((await reader.query({ search: 'first' })).entries).toHaveLength(1);
    expect((await reader.query({ search: 'roots' })).entries.map((e) => e.kind)).toEqual(['roots-listed']);
    expect((await reader.query({ search: 'echo' })).entries).toHaveLength(1);
  });

  it('finds an entry only when it holds every word, each word counted once however many of its terms start with it', async () => {
    await written([
      call('read_file', { path: '/repo/report.md' }),
      call('read_file', { path: '/notes/report.md' }),
      call('write_file', { path: '/repo/readme.md' }),
      call('echo', { message: 'Déjà vu, RÉSUMÉ' }),
    ]);
    const reader = new ActivityReader(dir);
    const paths = async (search: string) =>
      (await reader.query({ search })).entries.map((e) =>
        e.kind === 'tool-call' ? JSON.stringify(e.arguments) : e.kind,
      );
    // "rep" starts two terms of the first entry (repo, report): still one word held, not two.
    expect(await paths('rep read')).toEqual([
      '{"path":"/repo/readme.md"}',
      '{"path":"/notes/report.md"}',
      '{"path":"/repo/report.md"}',
    ]);
    expect(await paths('rep rep notes')).toEqual(['{"path":"/notes/report.md"}']);
    // Split as the index splits: "read_file" is two words, both wanted; case is not.
    expect(await paths('READ_FILE notes')).toEqual(['{"path":"/notes/report.md"}']);
    expect(await paths('write_file rep')).toEqual(['{"path":"/repo/readme.md"}']);
    expect(await paths('résumé')).toEqual(['{"message":"Déjà vu, RÉSUMÉ"}']);
    expect(await paths('repo nothing')).toEqual([]);
    // Nothing to look for: nothing found (a search of only punctuation).
    expect(await paths('/// ,')).toEqual([]);
    // Appended after the index was built: found by the next search.
    await written([call('read_file', { path: '/repo/later.md' })]);
    expect(await paths('later rep')).toEqual(['{"path":"/repo/later.md"}']);
  });
});
