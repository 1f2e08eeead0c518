import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_TOOL_NAME, modelToolName, ToolNameMap } from './toolNames';

describe('model tool names', () => {
  it('are server__tool when that is exact', () => {
    expect(modelToolName({ server: 'github', tool: 'create_issue' })).toBe('github__create_issue');
    expect(modelToolName({ server: 'fs', tool: 'read__file' })).toBe('fs__read__file');
  });

  it('sanitise, shorten and disambiguate everything else', () => {
    const dotted = modelToolName({ server: 'my.server', tool: 'get data' });
    expect(dotted).toMatch(/^my_server__get_data_[0-9a-f]{8}$/);
    const long = modelToolName({ server: 'a'.repeat(40), tool: 'b'.repeat(40) });
    expect(long).toHaveLength(64);
    // "a__b"+"c" and "a"+"b__c" would both read a__b__c: the ambiguous one is hashed.
    expect(modelToolName({ server: 'a', tool: 'b__c' })).toBe('a__b__c');
    expect(modelToolName({ server: 'a__b', tool: 'c' })).not.toBe('a__b__c');
    // Names that sanitise alike stay apart.
    expect(modelToolName({ server: 's', tool: 'x.y' })).not.toBe(modelToolName({ server: 's', tool: 'x_y' }));
  });

  it('property: every name matches the pattern, and maps back to exactly its server and tool', () => {
    const part = fc.string({ minLength: 0, maxLength: 80, unit: 'grapheme' });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ server: part, tool: part }), {
          selector: (r) => `${r.server}\0${r.tool}`,
          maxLength: 40,
        }),
        (refs) => {
          const map = new ToolNameMap(refs);
          const names = new Set<string>();
          for (const ref of refs) {
            const name = map.nameOf(ref)!;
            expect(name).toMatch(MODEL_TOOL_NAME);
            expect(map.resolve(name)).toEqual(ref);
            names.add(name);
          }
          expect(names.size).toBe(refs.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a name we never gave resolves to nothing', () => {
    expect(new ToolNameMap([{ server: 'a', tool: 'b' }]).resolve('a__c')).toBeUndefined();
  });
});
