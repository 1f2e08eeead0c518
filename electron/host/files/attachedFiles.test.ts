import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { pdf, png } from '../../../e2e/fixtures/files/sampleFiles';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import { formatSize } from '../../../shared/chat/attachedFile';
import type { ChatEvent } from '../../../shared/chat/conversation';
import { activityWords } from '../../../shared/host/activityWords';
import { readActivity } from '../activity/activityReader';
import type { Host } from '../host';
import { type HostService, hostService } from '../hostService';

const KEY = 'sk-ant-files-3c9a';
const env = withHostAndModel('sb-files-', KEY);
let gateway: FakeOpenAI;
beforeAll(async () => {
  gateway = await startFakeOpenAI({ apiKey: null });
});
afterAll(async () => {
  await gateway.stop();
});

/** Sends `bytes` as the page does: announced, in pieces of 1 MiB (here smaller, to make several), finished. */
async function upload(service: HostService, name: string, bytes: Buffer, piece = 64 * 1024) {
  const { uploadId } = await service.startFileUpload({ name, size: bytes.length });
  for (let at = 0; at < bytes.length; at += piece)
    await service.sendFileChunk(uploadId, at, bytes.subarray(at, at + piece).toString('base64'));
  return service.finishFileUpload(uploadId);
}

async function start(): Promise<{ h: Host; service: HostService; finished: (id: string) => Promise<void> }> {
  const h = await env.start({
    settings: {
      anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' },
      openai: [{ id: 'here', name: 'On this computer', baseUrl: gateway.url, defaultModel: 'qwen3:8b' }],
    },
  });
  const events: ChatEvent[] = [];
  h.chat.onEvent((e) => events.push(e));
  return { h, service: hostService(h), finished: (id) => conversationFinished(events, id) };
}

describe('files attached to messages, through the host (real store, fake model APIs, real SDKs)', () => {
  it('uploaded in pieces, kept once by hash, sent as image, document and text blocks, recorded by name and size, exported, searched', async () => {
    const { h, service, finished } = await start();
    const picture = png(40, 30, [30, 144, 255], [255, 140, 0]);
    const document = await pdf(2);
    const notes = Buffer.from('# Notes\n\nThe budget is 42.\n');
    const image = await upload(service, 'chart.png', picture, 100);
    expect(image).toMatchObject({
      name: 'chart.png',
      kind: 'image',
      mediaType: 'image/png',
      size: picture.length,
    });
    const paper = await upload(service, 'quarterly-report.pdf', document);
    expect(paper).toMatchObject({ kind: 'pdf', pages: 2 });
    const text = await upload(service, 'notes.md', notes);
    // The same picture attached again, under another name: still one file kept.
    const again = await upload(service, 'chart copy.png', picture);
    expect(again.sha256).toBe(image.sha256);
    expect((await readdir(path.join(env.home, 'attachments'))).sort()).toEqual(
      [image.sha256, paper.sha256, text.sha256].sort(),
    );

    env.fake.script({ content: [{ type: 'text', text: 'The chart is blue; the report has two pages.' }] });
    const c = await service.createConversation({});
    const refs = [image, paper, text].map(({ sha256, name }) => ({ sha256, name }));
    const before = env.fake.requests.length;
    await service.sendMessage(c.id, 'What do these say?', [], refs);
    await finished(c.id);
    const sent = env.fake.requests.slice(before).at(-1)!.body!.messages as { content: unknown[] }[];
    expect(sent[0]!.content).toEqual([
      { type: 'text', text: 'Attached image: chart.png' },
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: picture.toString('base64') },
      },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: document.toString('base64') },
        title: 'quarterly-report.pdf',
      },
      { type: 'text', text: 'notes.md\n```\n# Notes\n\nThe budget is 42.\n```' },
      { type: 'text', text: 'What do these say?' },
    ]);
    // The conversation keeps references only: no byte of the files in its file.
    const saved = await h.chat.get(c.id);
    expect(saved.messages[0]!.blocks.slice(0, 3)).toEqual([
      { type: 'file', file: image },
      { type: 'file', file: paper },
      { type: 'file', file: text },
    ]);
    const kept = path.join(env.home, 'conversations', `${c.id}.jsonl`);
    const written = await readFile(kept, 'utf8');
    expect(written).toContain(image.sha256);
    expect(written).not.toContain(picture.toString('base64').slice(0, 40));
    expect(written).not.toContain('The budget is 42');

    // The same file again in a later message: sent again, still one file kept.
    env.fake.script({ content: [{ type: 'text', text: 'Same chart.' }] });
    await service.sendMessage(c.id, 'And again?', [], [{ sha256: again.sha256, name: again.name }]);
    await finished(c.id);
    expect(await readdir(path.join(env.home, 'attachments'))).toHaveLength(3);

    const markdown = await service.exportConversation(c.id, 'markdown');
    expect(markdown).toContain('**Attached file** ` quarterly-report.pdf ` (a PDF, 2 pages,');
    expect(markdown).toContain('**Attached file** ` chart.png ` (a PNG image,');
    expect(await service.exportConversation(c.id, 'json')).toContain('"name": "notes.md"');
    expect((await service.searchConversations('quarterly-report')).map((r) => r.id)).toEqual([c.id]);

    await h.activity.flush();
    const { entries } = await readActivity(path.join(env.home, 'activity'));
    const attached = entries.filter((e) => e.kind === 'attachment');
    expect(attached.map((e) => e.kind === 'attachment' && [e.name, e.size, e.conversationId])).toEqual([
      ['chart.png', picture.length, c.id],
      ['quarterly-report.pdf', document.length, c.id],
      ['notes.md', notes.length, c.id],
      ['chart copy.png', picture.length, c.id],
    ]);
    const record = JSON.stringify(attached);
    expect(record).not.toContain(picture.toString('base64').slice(0, 40));
    expect(record).not.toContain('The budget is 42');
    expect(attached.map(activityWords).slice(1, 3)).toEqual([
      `attached quarterly-report.pdf (${formatSize(document.length)})`,
      `attached notes.md (${notes.length} bytes)`,
    ]);
    const view = await service.getActivity({ kind: 'attachment', conversation: c.id }, 0, 10);
    expect(view.entries.map((e) => e.kind === 'attachment' && e.name)).toEqual([
      'chart copy.png',
      'notes.md',
      'quarterly-report.pdf',
      'chart.png',
    ]);
    expect((await service.readAttachedImage(image.sha256)).data).toBe(picture.toString('base64'));
  });

  it('refused before anything is saved or sent: a PDF to an OpenAI-compatible provider, too many files, bytes gone', async () => {
    const { h, service } = await start();
    const paper = await upload(service, 'scan.pdf', await pdf(1));
    const c = await service.createConversation({ provider: 'here' });
    const requests = gateway.requests.length;
    await expect(
      service.sendMessage(c.id, 'Read this', [], [{ sha256: paper.sha256, name: paper.name }]),
    ).rejects.toThrow(
      'scan.pdf is a PDF, and Switchboard sends PDFs to Anthropic only — On this computer is not sent them: nothing was sent. Remove it, or pick Anthropic in Model….',
    );
    const image = await upload(service, 'dot.png', png(2, 2, [0, 0, 0]));
    const many = Array.from({ length: 21 }, (_, i) => ({ sha256: image.sha256, name: `dot${i}.png` }));
    await expect(service.sendMessage(c.id, 'Many', [], many)).rejects.toThrow(
      '21 files are attached: one message may carry at most 20. Nothing was sent.',
    );
    await expect(
      service.sendMessage(c.id, 'Gone', [], [{ sha256: 'f'.repeat(64), name: 'gone.png' }]),
    ).rejects.toThrow('gone.png is no longer kept by Switchboard: attach it again.');
    expect((await h.chat.get(c.id)).messages).toEqual([]);
    expect(gateway.requests.length).toBe(requests);
    // A name claiming a PNG over text: refused at upload, naming it; nothing kept.
    await expect(upload(service, 'fake.png', Buffer.from('not a picture'))).rejects.toThrow(
      'fake.png is named as a PNG image, but its bytes are not one',
    );
    expect(await readdir(path.join(env.home, 'attachments'))).toHaveLength(2);
  });
});
