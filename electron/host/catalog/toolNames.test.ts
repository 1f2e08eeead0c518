import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_TOOL_NAME, modelToolName, ToolNameMap, type ToolRef } from './toolNames';

describe('model tool names', () => {
  it('are server__tool when that is exact', () => {
    expect(modelToolName({ server: 'github', tool: 'create_issue' })).toBe('github__create_issue');
    expect(modelToolName({ server: 'brave_search', tool: 'web_search' })).toBe('brave_search__web_search');
    expect(modelToolName({ server: 'fs', tool: 'read__file' })).toBe('fs__read__file');
    expect(modelToolName({ server: 'files', tool: '_delete' })).toBe('files___delete');
  });

  it('sanitise, shorten and disambiguate everything else', () => {
    const dotted = modelToolName({ server: 'my.server', tool: 'get data' });
    expect(dotted).toMatch(/^my_server-get_data-[0-9a-f]{20}$/);
    const long = modelToolName({ server: 'a'.repeat(40), tool: 'b'.repeat(40) });
    expect(long).toHaveLength(64);
    // "a__b"+"c" and "a"+"b__c" would both read a__b__c: the ambiguous one is hashed.
    expect(modelToolName({ server: 'a', tool: 'b__c' })).toBe('a__b__c');
    expect(modelToolName({ server: 'a__b', tool: 'c' })).not.toBe('a__b__c');
    // Names that sanitise alike stay apart.
    expect(modelToolName({ server: 's', tool: 'x.y' })).not.toBe(modelToolName({ server: 's', tool: 'x_y' }));
  });

  it('files_+delete and files+_delete get different names, each the same alone and in either order', () => {
    const a = { server: 'files_', tool: 'delete' };
    const b = { server: 'files', tool: '_delete' };
    const ab = new ToolNameMap([a, b]);
    const ba = new ToolNameMap([b, a]);
    expect(ab.nameOf(a)).not.toBe(ab.nameOf(b));
    for (const ref of [a, b]) {
      const alone = new ToolNameMap([ref]).nameOf(ref)!;
      expect(ab.nameOf(ref)).toBe(alone);
      expect(ba.nameOf(ref)).toBe(alone);
      expect(ab.resolve(alone)).toEqual(ref);
      expect(ba.resolve(alone)).toEqual(ref);
    }
  });

  it("no tool can take another's hashed name by spelling it out", () => {
    const victim = { server: 'beta.v2', tool: 'echo' };
    const name = modelToolName(victim);
    // Every way of reading the name as server + two separator characters + tool.
    for (let i = 0; i + 2 <= name.length; i++) {
      const impostor = { server: name.slice(0, i), tool: name.slice(i + 2) };
      expect(modelToolName(impostor)).not.toBe(name);
      expect(new ToolNameMap([impostor, victim]).resolve(name)).toEqual(victim);
      expect(new ToolNameMap([victim, impostor]).resolve(name)).toEqual(victim);
    }
  });

  it('when two pairs would share a name, neither keeps it: both take their own full hash, in any order', () => {
    const a = { server: 'a', tool: 'x' };
    const b = { server: 'b', tool: 'y' };
    // A naming that collides on purpose stands in for a hash collision nobody can produce.
    const same = () => 'same';
    const ab = new ToolNameMap([a, b], same);
    const ba = new ToolNameMap([b, a], same);
    expect(ab.resolve('same')).toBeUndefined();
    for (const ref of [a, b]) {
      expect(ab.nameOf(ref)).toMatch(/^[0-9a-f]{64}$/);
      expect(ba.nameOf(ref)).toBe(ab.nameOf(ref));
      expect(ab.resolve(ab.nameOf(ref)!)).toEqual(ref);
    }
    expect(ab.nameOf(a)).not.toBe(ab.nameOf(b));
    expect(new ToolNameMap([a, a], same).nameOf(a)).toBe('same'); // the same pair twice is no collision
  });

  it('property: names are valid and unique, map back exactly, and never depend on which other tools exist or their order', () => {
    // Underscores, hyphens and dots in every arrangement, plus arbitrary text (lone surrogates included).
    const part = fc.oneof(
      fc.string({ maxLength: 10, unit: fc.constantFrom('a', 'b', '_', '-', '.', ' ') }),
      fc.string({ maxLength: 80, unit: 'grapheme' }),
      fc.string({ maxLength: 80, unit: 'binary' }),
    );
    const refs = fc.uniqueArray(fc.record({ server: part, tool: part }), {
      selector: (r) => JSON.stringify([r.server, r.tool]),
      maxLength: 40,
    });
    fc.assert(
      fc.property(
        refs.chain((all) => fc.tuple(fc.constant(all), fc.shuffledSubarray(all))),
        ([all, some]: [ToolRef[], ToolRef[]]) => {
          const whole = new ToolNameMap(all);
          const part = new ToolNameMap([...some, ...some]);
          const names = new Set<string>();
          for (const ref of all) {
            const name = whole.nameOf(ref)!;
            expect(name).toMatch(MODEL_TOOL_NAME);
            expect(whole.resolve(name)).toEqual(ref);
            expect(name).toBe(modelToolName(ref));
            names.add(name);
          }
          expect(names.size).toBe(all.length);
          for (const ref of some) expect(part.nameOf(ref)).toBe(whole.nameOf(ref));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a name we never gave resolves to nothing', () => {
    expect(new ToolNameMap([{ server: 'a', tool: 'b' }]).resolve('a__c')).toBeUndefined();
  });
});
