import { describe, expect, it } from 'vitest';
import type { HostEvent } from '../../shared/ipc/contract';
import { socketText } from './socketText';

const deep = () => JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);

describe('socketText (one WebSocket frame)', () => {
  it('is the message as JSON', () => {
    expect(socketText({ id: 3, result: { a: 1 } })).toBe('{"id":3,"result":{"a":1}}');
  });

  it('an event or an answer nested 100,000 deep is an error naming it, never a stack overflow', () => {
    const event = { event: 'catalogChanged', payload: { tools: [{ inputSchema: deep() }] } } as unknown;
    expect(() => socketText(event as HostEvent)).toThrow(
      'the catalogChanged event is nested deeper than 100 levels, more than Switchboard reads',
    );
    expect(() => socketText({ id: 7, result: deep() }, 'readResource')).toThrow(
      'the answer to readResource is nested deeper than 100 levels, more than Switchboard reads',
    );
  });
});
