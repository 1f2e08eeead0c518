import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, png } from '../../../e2e/fixtures/files/sampleFiles';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import type { ChatBlock } from '../../../shared/chat/conversation';
import type { ModelStreamEvent } from '../modelProvider';
import { OpenAIProvider } from './openaiProvider';

const KEY = 'sk-openai-files-5d1e';
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});
afterAll(async () => {
  await fake.stop();
});

const drain = async (events: AsyncIterable<ModelStreamEvent>) => {
  for await (const _ of events);
};
const attached = (
  kind: 'image' | 'pdf' | 'text',
  name: string,
  bytes: Buffer,
  mediaType: string,
): ChatBlock => ({
  type: 'file',
  file: {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    name,
    mediaType,
    size: bytes.length,
    kind,
  },
});

/** Attached files through the real `openai` SDK to our fake Chat Completions server. */
describe('attached files to an OpenAI-compatible provider', () => {
  it('an image as an image_url part (a data: URL of its bytes), text as text, a PDF said plainly not sent', async () => {
    const picture = png(5, 5, [255, 140, 0]);
    const document = await pdf(2);
    const text = Buffer.from('a,b\n1,2\n');
    const blocks = [
      attached('image', 'plot.png', picture, 'image/png'),
      attached('text', 'data.csv', text, 'text/plain'),
      attached('pdf', 'paper.pdf', document, 'application/pdf'),
      { type: 'text' as const, text: 'Explain.' },
    ];
    const files = new Map(
      [picture, text, document].map((b) => [createHash('sha256').update(b).digest('hex'), b] as const),
    );
    fake.script({ content: 'ok' });
    const provider = new OpenAIProvider('Gateway', async () => ({ baseUrl: fake.url, apiKey: KEY }));
    expect(await provider.readsFiles()).toEqual({ images: true, pdfs: false });
    await drain(
      provider.stream({
        model: 'gpt-5.5',
        maxTokens: 100,
        tools: [],
        files,
        messages: [{ role: 'user', blocks }],
      }),
    );
    const [message] = fake.requests.at(-1)!.body!.messages as { role: string; content: unknown }[];
    expect(message).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Attached image: plot.png' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${picture.toString('base64')}` } },
        { type: 'text', text: 'data.csv\n```\na,b\n1,2\n```' },
        {
          type: 'text',
          text: `[attached file paper.pdf (${(document.length / 1024).toFixed(2).replace(/\.?0+$/, '')} KB): not sent — Switchboard sends PDFs to Anthropic only; this provider takes none]`,
        },
        { type: 'text', text: 'Explain.' },
      ],
    });
  });

  it("a provider's refusal of a request with an image says the way on: the setting, or removing it", async () => {
    const picture = png(2, 2, [0, 0, 0]);
    fake.script({
      status: 400,
      type: 'invalid_request_error',
      message: 'model does not support image input',
    });
    const provider = new OpenAIProvider('Gateway', async () => ({ baseUrl: fake.url, apiKey: KEY }));
    const failure = await drain(
      provider.stream({
        model: 'text-only-1',
        maxTokens: 100,
        tools: [],
        files: new Map([[createHash('sha256').update(picture).digest('hex'), picture]]),
        messages: [{ role: 'user', blocks: [attached('image', 'dot.png', picture, 'image/png')] }],
      }),
    ).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure).toMatchObject({ name: 'ProviderError', kind: 'bad-request' });
    expect(failure!.message).toContain('model does not support image input');
    expect(failure!.message).toContain(
      'The request carried images: if this model reads none, untick "Its models read images" for Gateway in Settings (images are then described to it in text), or remove them.',
    );
  });

  it('a provider whose models read no images says so of an attached image', async () => {
    const picture = png(2, 2, [0, 0, 0]);
    fake.script({ content: 'ok' });
    const blind = new OpenAIProvider('Blind', async () => ({
      baseUrl: fake.url,
      apiKey: KEY,
      images: false,
    }));
    expect(await blind.readsFiles()).toEqual({ images: false, pdfs: false });
    const files = new Map([[createHash('sha256').update(picture).digest('hex'), picture]]);
    await drain(
      blind.stream({
        model: 'gpt-5.5',
        maxTokens: 100,
        tools: [],
        files,
        messages: [{ role: 'user', blocks: [attached('image', 'dot.png', picture, 'image/png')] }],
      }),
    );
    const [message] = fake.requests.at(-1)!.body!.messages as { role: string; content: unknown }[];
    expect(message).toEqual({
      role: 'user',
      content: `[attached file dot.png (${picture.length} bytes): not sent — this model does not take images]`,
    });
  });
});
