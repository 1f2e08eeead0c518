import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeEverythingConfig } from '../../../e2e/fixtures/everythingConfig';
import { hostileStdio } from '../../../e2e/fixtures/servers';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import { Host } from '../host';
import { formProblem, MAX_PENDING_ELICITATIONS } from './elicitationPolicy';

let home: string;
let host: Host | undefined;
tempDirPerTest(
  'sb-elicit-',
  (dir) => {
    home = dir;
    host = undefined;
  },
  () => host?.shutdown() ?? Promise.resolve(),
);

/** A host with server-everything and one hostile server in `mode`, both running. */
async function start(mode: string, settings: Record<string, unknown> = {}) {
  const hostile = hostileStdio(mode);
  await writeEverythingConfig(home, { hostile: { command: hostile.command, args: hostile.args } });
  await writeFile(path.join(home, 'settings.json'), JSON.stringify(settings));
  host = await Host.create({ home });
  const h = host;
  await trustAsShown(h.registry, 'everything');
  await trustAsShown(h.registry, 'hostile');
  await expect
    .poll(() => h.registry.views().map((v) => v.state.status), { timeout: 20_000 })
    .toEqual(['running', 'running']);
  return h;
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
const elicitationsOf = (h: Host, server: string) =>
  h.consent.queue().filter((c) => c.kind === 'elicitation' && c.server.id === server);
const problems = (h: Host) => {
  const state = h.registry.views().find((v) => v.id === 'hostile')?.state;
  return state?.status === 'running' ? state.problems : undefined;
};

describe('elicitation bounds (a real hostile server beside server-everything)', () => {
  it('1,000 at once: three wait for the person, the rest are refused saying why; another server still asks', async () => {
    const h = await start('elicit-flood');
    const flood = h.registry.get('hostile')!.callTool('echo', { count: 1000 });
    // Every one handled: each refusal is a line in the server's log.
    const refusals = () =>
      h.logs.entries('hostile').filter((e) => e.text.startsWith('An elicitation was refused'));
    await expect.poll(() => refusals().length, { timeout: 20_000 }).toBe(997);
    expect(elicitationsOf(h, 'hostile')).toHaveLength(MAX_PENDING_ELICITATIONS);
    // The flood buries nobody: server-everything's question joins the queue.
    const other = h.registry.get('everything')!.callTool('trigger-elicitation-request');
    await expect.poll(() => elicitationsOf(h, 'everything')).toHaveLength(1);
    for (const c of h.consent.queue())
      h.consent.answer(c.id, { kind: 'elicitation', result: { action: 'decline' } });
    await other;
    expect(JSON.parse(text(await flood))).toEqual({
      answered: { decline: 3 },
      refused: {
        // Ten a minute (Settings' default) pass the rate; of those, three may wait at once.
        'elicitation/create refused: too many from hostile: at most 10 a minute (Settings)': 990,
        'elicitation/create refused: too many at once from hostile: at most 3 wait for an answer': 7,
      },
    });
    expect(problems(h)?.map((p) => p.kind)).toEqual(['request']);
  });

  it('past Settings’ count a minute, refused before any dialog', async () => {
    const h = await start('elicit-flood', { elicitation: { perServerPerMinute: 2 } });
    const flood = h.registry.get('hostile')!.callTool('echo', { count: 5 });
    await expect.poll(() => elicitationsOf(h, 'hostile')).toHaveLength(2);
    for (const c of h.consent.queue())
      h.consent.answer(c.id, { kind: 'elicitation', result: { action: 'cancel' } });
    expect(JSON.parse(text(await flood))).toEqual({
      answered: { cancel: 2 },
      refused: { 'elicitation/create refused: too many from hostile: at most 2 a minute (Settings)': 3 },
    });
  });

  it('a field whose pattern is no regular expression: refused with why, no dialog', async () => {
    const h = await start('elicit-bad-pattern');
    const answer = await h.registry.get('hostile')!.callTool('echo');
    expect(JSON.parse(text(answer))).toEqual({
      code: -32602,
      message:
        'elicitation/create refused: the pattern of field "code" is not a valid regular expression (Invalid regular expression: /([a-z/u: Unterminated character class)',
    });
    expect(h.consent.queue()).toEqual([]);
    expect(problems(h)?.[0]?.message).toMatch(/^An elicitation was refused: the pattern of field "code"/);
  });
});

describe('formProblem', () => {
  it('compiles each pattern as the form does (with the u flag)', () => {
    const form = (pattern: string) => ({ type: 'object', properties: { code: { type: 'string', pattern } } });
    expect(formProblem(form('^[A-Z]{3}-\\d+$'))).toBeUndefined();
    expect(formProblem(form('\\p{L}+'))).toBeUndefined();
    // Fine without the u flag, an error with it: the form would fail where the host did not look.
    expect(formProblem(form('\\-'))).toMatch(
      /^the pattern of field "code" is not a valid regular expression/,
    );
    expect(formProblem({ type: 'object' })).toBeUndefined();
  });
});
