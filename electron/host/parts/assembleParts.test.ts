import { describe, expect, it } from 'vitest';
import { assembleParts } from './assembleParts';
import { type AnyPart, type Part, part } from './part';

/** Parts that write what happens to them into one list, so a test reads the order. */
function recorder() {
  const events: string[] = [];
  const named = <const N extends string, const K extends string>(
    name: N,
    needs: readonly K[],
  ): Part<N, Record<K, unknown>, string> => ({
    name,
    needs,
    create: (given, held) => {
      events.push(`make ${name}(${needs.map((n) => String(given[n])).join(',')})`);
      held.add(() => events.push(`unhold ${name}`));
      return `${name}!`;
    },
    dispose: async (value) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      events.push(`dispose ${value}`);
    },
  });
  return { events, named };
}

describe('assembleParts', () => {
  it('makes each part after what it needs (list order otherwise), each given its needs by name', async () => {
    const { events, named } = recorder();
    const assembly = await assembleParts(
      [named('chat', ['registry', 'logs']), named('logs', ['home']), named('registry', ['logs'])],
      { home: '/h' },
    );
    expect(events).toEqual(['make logs(/h)', 'make registry(logs!)', 'make chat(registry!,logs!)']);
    expect(assembly.made).toEqual({ logs: 'logs!', registry: 'registry!', chat: 'chat!' });
  });

  it('lets go in the reverse of making, awaiting each, a part’s holdings before its dispose; served first', async () => {
    const { events, named } = recorder();
    const assembly = await assembleParts([named('b', ['a']), named('a', []), named('c', ['b'])], {});
    assembly.hold(() => events.push('unserve'));
    events.length = 0;
    await Promise.all([assembly.dispose(), assembly.dispose()]);
    expect(events).toEqual([
      'unserve',
      'unhold c',
      'dispose c!',
      'unhold b',
      'dispose b!',
      'unhold a',
      'dispose a!',
    ]);
    // Held after the end: let go at once, as a disposed store does.
    assembly.hold(() => events.push('late'));
    expect(events.at(-1)).toBe('late');
  });

  it('one part that fails to let go does not keep the others; its error comes after', async () => {
    const events: string[] = [];
    const failing = part({
      name: 'failing',
      needs: ['first'],
      create: (_: { first: string }) => 1,
      dispose: () => {
        throw new Error('cannot let go');
      },
    });
    const first = part({
      name: 'first',
      needs: [],
      create: () => 'x',
      dispose: () => void events.push('first'),
    });
    const assembly = await assembleParts([first, failing], {});
    await expect(assembly.dispose()).rejects.toThrow('cannot let go');
    expect(events).toEqual(['first']);
  });

  it('a part whose create throws: what was made is let go in reverse, and its error thrown', async () => {
    const { events, named } = recorder();
    const broken = part({
      name: 'broken',
      needs: ['b'],
      create: (_: { b: string }, held) => {
        held.add(() => events.push('unhold broken'));
        throw new Error('broken cannot start');
      },
    });
    await expect(
      assembleParts([named('a', []), named('b', ['a']), broken, named('c', [])], {}),
    ).rejects.toThrow('broken cannot start');
    expect(events).toEqual([
      'make a()',
      'make b(a!)',
      'unhold broken',
      'unhold b',
      'dispose b!',
      'unhold a',
      'dispose a!',
    ]);
  });

  it('a cycle is an error naming its parts, before anything is made', async () => {
    const { events, named } = recorder();
    await expect(
      assembleParts(
        [
          named('x', []),
          named('faults', ['registry']),
          named('registry', ['policy']),
          named('policy', ['faults']),
        ],
        {},
      ),
    ).rejects.toThrow('parts need each other in a cycle: faults → registry → policy → faults');
    expect(events).toEqual([]);
  });

  it('a need nothing meets, or a name made twice, is an error naming them, before anything is made', async () => {
    const { events, named } = recorder();
    // The compiler refuses these lists; a list built at run time is checked all the same.
    const unmet: readonly AnyPart[] = [named('a', []), named('chat', ['tools'])];
    // @ts-expect-error: a list the compiler cannot read may lack anything
    await expect(assembleParts(unmet, {})).rejects.toThrow(
      "part 'chat' needs 'tools', which no part makes and nothing gives",
    );
    const twice: readonly AnyPart[] = [named('a', []), named('a', [])];
    // @ts-expect-error: as above
    await expect(assembleParts(twice, {})).rejects.toThrow("two parts are named 'a'");
    await expect(assembleParts([named('home', [])], { home: '/h' })).rejects.toThrow(
      "two parts are named 'home'",
    );
    expect(events).toEqual([]);
  });

  it('the compiler refuses a need no part meets, a need of the wrong type, and a need left unlisted', async () => {
    const count = part({ name: 'count', needs: [], create: () => 3 });
    const label = part({ name: 'label', needs: ['count'], create: ({ count }: { count: string }) => count });
    // @ts-expect-error: 'label' needs 'count' as a string; the list makes a number
    await expect(assembleParts([count, label], {})).resolves.toBeDefined();
    const lonely = part({ name: 'lonely', needs: ['nobody'], create: (_: { nobody: number }) => 1 });
    // @ts-expect-error: nothing makes 'nobody'
    await expect(assembleParts([lonely], {})).rejects.toThrow("needs 'nobody'");
    // @ts-expect-error: 'count' is used and not listed, so it would not be made first
    part({ name: 'sneaky', needs: [], create: ({ count }: { count: number }) => count });
  });
});
