import { describe, expect, it } from 'vitest';
import { gettingStarted, type SetupFacts } from './gettingStarted';

const ready = { ready: true, defaultName: 'Anthropic' };
const noKey = { ready: false, defaultName: 'Anthropic' };
const facts = (more: Partial<SetupFacts>): SetupFacts => ({
  model: ready,
  servers: 1,
  running: true,
  waiting: 0,
  ...more,
});

describe('gettingStarted', () => {
  it('is the checklist until a provider and a server have worked together', () => {
    const shown = gettingStarted(facts({ model: noKey, servers: 0, running: false }), false);
    expect(shown.kind).toBe('checklist');
    expect(shown.kind === 'checklist' && shown.steps.map((s) => s.done)).toEqual([false, false, false]);
    // A provider and a server: the checklist goes; one more server added waits as a chip.
    expect(gettingStarted(facts({}), false)).toEqual({ kind: 'none' });
    expect(gettingStarted(facts({ servers: 2, waiting: 1 }), false)).toEqual({
      kind: 'chip',
      text: '1 server waits for you to trust it',
      where: 'servers',
      button: 'Open Servers',
    });
  });

  it('after that, only what needs doing again, as a chip', () => {
    // The only server updated, waiting for trust: a chip, not the first-run checklist.
    expect(gettingStarted(facts({ running: false, waiting: 1 }), true)).toMatchObject({
      kind: 'chip',
      text: '1 server waits for you to trust it',
    });
    expect(gettingStarted(facts({ model: noKey }), true)).toMatchObject({
      kind: 'chip',
      text: 'Add your Anthropic API key (or another model provider)',
      where: 'settings',
    });
    // Every server stopped or removed on purpose: nothing to nag about.
    expect(gettingStarted(facts({ running: false }), true)).toEqual({ kind: 'none' });
    expect(gettingStarted(facts({ servers: 0, running: false }), true)).toEqual({ kind: 'none' });
  });
});
