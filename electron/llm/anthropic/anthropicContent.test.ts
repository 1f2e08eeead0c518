import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pdf, png } from '../../../e2e/fixtures/files/sampleFiles';
import { toAnthropicMessages, toToolResultBlock } from './anthropicContent';

describe('tool results for the model', () => {
  it('structuredContent is not sent twice when a text block already carries it', () => {
    const block = toToolResultBlock('t1', {
      content: [{ type: 'text', text: '{ "temperature": 21,\n  "unit": "C" }' }],
      structuredContent: { unit: 'C', temperature: 21 },
    });
    expect(block.content).toEqual([{ type: 'text', text: '{ "temperature": 21,\n  "unit": "C" }' }]);
  });

  it('structuredContent the text does not carry is added as JSON; errors are marked', () => {
    const block = toToolResultBlock('t2', {
      content: [{ type: 'text', text: 'It is warm.' }],
      structuredContent: { temperature: 21 },
      isError: true,
    });
    expect(block).toEqual({
      type: 'tool_result',
      tool_use_id: 't2',
      content: [
        { type: 'text', text: 'It is warm.' },
        { type: 'text', text: '[structuredContent] {"temperature":21}' },
      ],
      is_error: true,
    });
  });
});

describe('attached files for the model', () => {
  const file = (kind: 'image' | 'pdf' | 'text', name: string, bytes: Buffer, mediaType: string) => ({
    type: 'file' as const,
    file: {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      name,
      mediaType,
      size: bytes.length,
      kind,
    },
  });

  it('an image as an image block, a PDF as a document block titled with its name, text fenced under its name', async () => {
    const picture = png(3, 3, [10, 20, 30]);
    const document = await pdf(1);
    const code = Buffer.from('const fence = "```";\n');
    const blocks = [
      file('image', 'chart.png', picture, 'image/png'),
      file('pdf', 'report.pdf', document, 'application/pdf'),
      file('text', 'fence.ts', code, 'text/plain'),
      { type: 'text' as const, text: 'What do these say?' },
    ];
    const bytes = new Map(
      blocks.flatMap((b) =>
        'file' in b ? [[b.file.sha256, [picture, document, code][blocks.indexOf(b)]!]] : [],
      ),
    );
    const [message] = toAnthropicMessages([{ role: 'user', blocks }], bytes);
    expect(message!.content).toEqual([
      { type: 'text', text: 'Attached image: chart.png' },
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: picture.toString('base64') },
      },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: document.toString('base64') },
        title: 'report.pdf',
      },
      { type: 'text', text: 'fence.ts\n````\nconst fence = "```";\n````' },
      { type: 'text', text: 'What do these say?' },
    ]);
  });

  it('a file whose bytes are gone, or a request sent without files (a summary), says which file in a line', () => {
    const gone = file('image', 'lost.png', png(1, 1, [0, 0, 0]), 'image/png');
    expect(toAnthropicMessages([{ role: 'user', blocks: [gone] }], new Map())[0]!.content).toEqual([
      {
        type: 'text',
        text: "[attached file lost.png (70 bytes): not sent — its bytes are no longer in Switchboard's data folder]",
      },
    ]);
    expect(toAnthropicMessages([{ role: 'user', blocks: [gone] }])[0]!.content).toEqual([
      {
        type: 'text',
        text: '[attached file lost.png (70 bytes): not sent — files are not sent with this request]',
      },
    ]);
  });
});
