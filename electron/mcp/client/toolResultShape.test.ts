import { describe, expect, it } from 'vitest';
import { toolResultProblem } from './toolResultShape';

describe('toolResultProblem (the shape of a tools/call result)', () => {
  it('passes every block type the spec defines, and a later revision’s unknown type', () => {
    expect(
      toolResultProblem({
        content: [
          { type: 'text', text: 'a', annotations: { audience: ['user'] } },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///a', name: 'a' },
          { type: 'resource', resource: { uri: 'file:///b', text: 'b' } },
          { type: 'resource', resource: { uri: 'file:///c', blob: 'AAAA' } },
          { type: 'hologram', anything: 1 },
        ],
        structuredContent: { a: 1 },
        isError: false,
      }),
    ).toBeUndefined();
  });

  it.each([
    [null, 'a result that is not an object'],
    [{}, 'no content array'],
    [{ content: [1] }, 'content[0] is not an object'],
    [{ content: [{ text: 'x' }] }, 'content[0] has no type'],
    [{ content: [{ type: 'text' }] }, 'content[0] (text) has no text string'],
    [{ content: [{ type: 'image', mimeType: 'image/png' }] }, 'content[0] (image) has no base64 data string'],
    [{ content: [{ type: 'audio', data: 'AA' }] }, 'content[0] (audio) has no mimeType'],
    [{ content: [{ type: 'resource_link', uri: 'a:b' }] }, 'content[0] (resource_link) has no name'],
    [
      { content: [{ type: 'resource', resource: { uri: 'a:b' } }] },
      'content[0] (resource) has neither text nor blob',
    ],
    [
      { content: [{ type: 'text', text: 'x', annotations: 3 }] },
      'content[0] (text) has annotations that are not an object',
    ],
    [{ content: [], structuredContent: [1] }, 'structuredContent that is not an object'],
    [{ content: [], isError: 'yes' }, 'an isError that is not true or false'],
  ])('%j → %s', (result, problem) => {
    expect(toolResultProblem(result)).toBe(problem);
  });
});
