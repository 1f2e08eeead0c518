import { describe, expect, it } from 'vitest';
import { classify } from './message';

describe('classify', () => {
  it('tells requests, notifications and responses apart', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping' }).kind).toBe('request');
    expect(classify({ jsonrpc: '2.0', id: 'a', method: 'ping', params: {} }).kind).toBe('request');
    expect(classify({ jsonrpc: '2.0', method: 'notifications/initialized' }).kind).toBe('notification');
    expect(classify({ jsonrpc: '2.0', id: 1, result: {} }).kind).toBe('response');
    expect(classify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'x' } }).kind).toBe(
      'response',
    );
  });

  it.each([
    [[1, 2], 'not a JSON object'],
    [{ id: 1, method: 'x' }, 'jsonrpc must be "2.0"'],
    [{ jsonrpc: '2.0', id: null, method: 'x' }, 'request id'],
    [{ jsonrpc: '2.0', id: 1.5, method: 'x' }, 'request id'],
    [{ jsonrpc: '2.0', id: 1, method: 7 }, 'method must be a string'],
    [{ jsonrpc: '2.0', id: 1, method: 'x', params: [1] }, 'params must be an object'],
    [{ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } }, 'exactly one'],
    [{ jsonrpc: '2.0', id: 1 }, 'exactly one'],
    [{ jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } }, 'integer code'],
    [{ jsonrpc: '2.0', id: 1, result: 'x' }, 'result must be an object'],
  ])('refuses %j (%s)', (value, reason) => {
    const c = classify(value);
    expect(c.kind).toBe('invalid');
    expect(c.kind === 'invalid' && c.reason).toContain(reason);
  });

  it('keeps the id of an invalid request so the error can name it', () => {
    expect(classify({ jsonrpc: '2.0', id: 'r1', method: 3 })).toMatchObject({ kind: 'invalid', id: 'r1' });
  });
});
