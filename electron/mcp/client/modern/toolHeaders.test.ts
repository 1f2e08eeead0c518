import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../../shared/mcp/protocol';
import { headerParamsOf, paramHeaders } from './toolHeaders';

const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Tool => ({
  name: 't',
  inputSchema: { type: 'object', properties, ...extra },
});
const invalid = (t: Tool) => {
  const found = headerParamsOf(t);
  return 'invalid' in found ? found.invalid : undefined;
};

describe('x-mcp-header (2026-07-28, Custom Headers from Tool Parameters)', () => {
  it('finds annotated primitives through properties, nested objects included', () => {
    const found = headerParamsOf(
      tool({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        options: { type: 'object', properties: { dry: { type: 'boolean', 'x-mcp-header': 'Dry-Run' } } },
        query: { type: 'string' },
      }),
    );
    expect(found).toEqual({
      params: [
        { path: ['region'], header: 'Region' },
        { path: ['options', 'dry'], header: 'Dry-Run' },
      ],
    });
  });

  it('refuses a tool whose annotations break the rules, saying which', () => {
    expect(invalid(tool({ a: { type: 'string', 'x-mcp-header': '' } }))).toContain(
      'not an HTTP header token',
    );
    expect(invalid(tool({ a: { type: 'string', 'x-mcp-header': 'Bad Name' } }))).toContain(
      'not an HTTP header token',
    );
    expect(invalid(tool({ a: { type: 'string', 'x-mcp-header': 'X\r\nEvil: 1' } }))).toContain('token');
    expect(invalid(tool({ a: { type: 'number', 'x-mcp-header': 'N' } }))).toContain('"number" parameter');
    expect(invalid(tool({ a: { type: 'object', 'x-mcp-header': 'O' } }))).toContain('"object" parameter');
    expect(
      invalid(
        tool({
          a: { type: 'string', 'x-mcp-header': 'Same' },
          b: { type: 'string', 'x-mcp-header': 'same' },
        }),
      ),
    ).toContain('used twice');
    expect(
      invalid(tool({ list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } })),
    ).toContain('not reachable through properties alone');
    expect(
      invalid(tool({}, { oneOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] })),
    ).toContain('not reachable');
    expect(invalid(tool({}, { $defs: { x: { type: 'string', 'x-mcp-header': 'D' } } }))).toContain(
      'not reachable',
    );
    // A property named like the keyword is only a name.
    expect(invalid(tool({ 'x-mcp-header': { type: 'string' } }))).toBeUndefined();
  });

  it('mirrors present values, encoded; leaves out absent and null ones; refuses unsafe integers', () => {
    const params = [
      { path: ['region'], header: 'Region' },
      { path: ['n'], header: 'N' },
      { path: ['flag'], header: 'Flag' },
      { path: ['gone'], header: 'Gone' },
      { path: ['nothing'], header: 'Nothing' },
      { path: ['text'], header: 'Text' },
    ];
    expect(
      paramHeaders(params, { region: 'us-west1', n: 42, flag: false, nothing: null, text: 'Hello, 世界' }),
    ).toEqual({
      'mcp-param-region': 'us-west1',
      'mcp-param-n': '42',
      'mcp-param-flag': 'false',
      'mcp-param-text': '=?base64?SGVsbG8sIOS4lueVjA==?=',
    });
    expect(() => paramHeaders(params, { n: 2 ** 60 })).toThrow('cannot be sent in the Mcp-Param-N header');
  });
});
