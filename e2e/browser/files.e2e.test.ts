import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { formatSize } from '../../shared/chat/attachedFile';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { JPEG, pdf, png } from '../fixtures/files/sampleFiles';
import { type FakeOpenAI, startFakeOpenAI } from '../fixtures/openai/fakeOpenAI';
import { describeInChromium, goTo, openNewChat, type RunningShell, shots, startShell } from './shellFixture';

const API_KEY = 'sk-ant-files-e2e-4d2f';
/** Where the screenshots of the composer, the sent message and an image shown larger go (FILES_SHOTS: elsewhere). */
const LOOK = process.env.FILES_SHOTS ?? shots;

/**
 * Files in the chat (issue 49 item 8) in Chromium through the browser shell: attached by the
 * button, a drop and a paste; shown as chips with thumbnails; sent to our fake Anthropic API (real
 * SDK) as image, document and text blocks with the files' own bytes; still there after a reload;
 * in the export, the search and the activity record; refused before sending when over a limit; and
 * sent to an OpenAI-compatible provider as an image_url part.
 */
describeInChromium('files in the chat (Chromium)', () => {
  let fake: FakeAnthropic;
  let local: FakeOpenAI;
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    local = await startFakeOpenAI({ apiKey: null, models: ['llava:13b'] });
    await mkdir(LOOK, { recursive: true });
    shell = await startShell({
      servers: {},
      secrets: { 'anthropic/api-key': API_KEY },
      files: {
        'settings.json': {
          anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' },
          openai: [{ id: 'here', name: 'On this computer', baseUrl: local.url, defaultModel: 'llava:13b' }],
        },
      },
    });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Chats');
  });
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
    await local?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page.screenshot({
        path: path.join(shots, `files-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`),
      });
  });

  const composer = () => page.locator('.composer');
  const chips = () => composer().getByRole('list', { name: 'Attached files' }).locator('.file-chip');
  const messages = () => page.getByRole('log', { name: 'Messages' });
  const attachments = async () => readdir(path.join(shell.home, 'attachments')).catch(() => [] as string[]);
  /** Whether every image in `where` has been decoded (a thumbnail that shows, not a broken image). */
  const imagesShown = (where: Locator) =>
    where
      .locator('img.file-thumb')
      .evaluateAll((imgs) =>
        imgs.map((i) => `${i.getAttribute('alt')}:${(i as HTMLImageElement).naturalWidth > 0}`),
      );
  const replyDone = () =>
    expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);
  /** Dispatches a drop of `file` on the conversation, or a paste of it in the message box, as a browser would. */
  const give = (how: 'drop' | 'paste', name: string, type: string, bytes: Buffer) =>
    page.evaluate(
      ({ how, name, type, b64 }) => {
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type }));
        const target =
          how === 'drop'
            ? document.querySelector('.conversation')!
            : document.querySelector('textarea[aria-label="Message"]')!;
        if (how === 'drop') {
          target.dispatchEvent(
            new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }),
          );
          target.dispatchEvent(
            new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
          );
        } else
          target.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
      },
      { how, name, type, b64: bytes.toString('base64') },
    );

  it('attached by the button, a drop and a paste; sent as the files themselves; kept, exported, searched, recorded', async () => {
    const chart = png(96, 64, [30, 144, 255], [255, 140, 0]);
    const shot = png(80, 80, [46, 160, 67], [250, 250, 250]);
    const report = await pdf(3);
    const notes = Buffer.from('# Budget\n\nThe total is 42,000.\n');
    await openNewChat(page);
    await page.locator('input[type="file"][aria-label="Files to attach"]').setInputFiles([
      { name: 'chart.png', mimeType: 'image/png', buffer: chart },
      { name: 'quarterly-report.pdf', mimeType: 'application/pdf', buffer: report },
      { name: 'notes.md', mimeType: 'text/markdown', buffer: notes },
    ]);
    await expect.poll(() => chips().count(), { timeout: 15_000 }).toBe(3);
    await give('drop', 'photo.jpg', 'image/jpeg', JPEG);
    await expect.poll(() => chips().count(), { timeout: 15_000 }).toBe(4);
    await give('paste', 'image.png', 'image/png', shot);
    await expect.poll(() => chips().count(), { timeout: 15_000 }).toBe(5);
    // An image shows its thumbnail (its name its text alternative), a PDF or a text file its badge.
    expect(await chips().allTextContents()).toEqual([
      `chart.png${chart.length} bytes✕`,
      `PDFquarterly-report.pdf${formatSize(report.length)} · 3 pages✕`,
      `TXTnotes.md${notes.length} bytes✕`,
      `photo.jpg${JPEG.length} bytes✕`,
      `image.png${shot.length} bytes✕`,
    ]);
    await expect
      .poll(() => imagesShown(composer()))
      .toEqual(['chart.png:true', 'photo.jpg:true', 'image.png:true']);
    // Removable before sending: the pasted one goes, and comes back with another paste.
    await composer().getByRole('button', { name: 'Remove image.png' }).click();
    expect(await chips().count()).toBe(4);
    await give('paste', 'image.png', 'image/png', shot);
    await expect.poll(() => chips().count()).toBe(5);
    // Kept once each, by hash, before anything is sent.
    expect(await attachments()).toHaveLength(5);
    await page.getByRole('textbox', { name: 'Message' }).fill('What is in these files?');
    await composer().screenshot({ path: path.join(LOOK, 'files-composer-with-attachments.png') });

    fake.script({
      content: [
        { type: 'text', text: 'A blue chart, a three-page report, notes, a photo and a screenshot.' },
      ],
    });
    const before = fake.requests.length;
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await replyDone();
    await expect.poll(() => messages().textContent()).toContain('three-page report');
    const request = fake.requests.slice(before).find((r) => r.path === '/v1/messages')!;
    const [first] = request.body!.messages as { content: unknown[] }[];
    expect(first!.content).toEqual([
      { type: 'text', text: 'Attached image: chart.png' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: chart.toString('base64') } },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: report.toString('base64') },
        title: 'quarterly-report.pdf',
      },
      { type: 'text', text: `notes.md\n\`\`\`\n${notes.toString()}\`\`\`` },
      { type: 'text', text: 'Attached image: photo.jpg' },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: JPEG.toString('base64') } },
      { type: 'text', text: 'Attached image: image.png' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: shot.toString('base64') } },
      { type: 'text', text: 'What is in these files?' },
    ]);
    // Sent: the composer is empty of them; the message shows them, thumbnails drawn.
    expect(await composer().locator('.file-chip').count()).toBe(0);
    const sent = messages().getByRole('article', { name: 'You' });
    await expect.poll(() => sent.locator('.file-chip').count()).toBe(5);
    await expect
      .poll(() => imagesShown(sent))
      .toEqual(['chart.png:true', 'photo.jpg:true', 'image.png:true']);
    await sent.screenshot({ path: path.join(LOOK, 'files-sent-message-with-attachments.png') });
    await page.screenshot({ path: path.join(shots, 'files-sent.png') });

    // After a reload, the conversation still shows them (read back from the host by hash).
    await page.reload();
    await goTo(page, 'Chats');
    await page.locator('.conversation-list button.item', { hasText: 'What is in these files?' }).click();
    const again = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'You' });
    await expect.poll(() => again.locator('.file-chip').count(), { timeout: 10_000 }).toBe(5);
    await expect
      .poll(() => imagesShown(again))
      .toEqual(['chart.png:true', 'photo.jpg:true', 'image.png:true']);
    expect(await again.textContent()).toContain('quarterly-report.pdf');
    // A thumbnail opens the image larger; Escape closes it.
    await again.getByRole('button', { name: 'Show chart.png larger' }).click();
    const larger = page.getByRole('dialog', { name: 'chart.png' });
    await expect
      .poll(() => larger.locator('img.file-full').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBe(96);
    await page.screenshot({ path: path.join(LOOK, 'files-image-shown-larger.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);

    // The export names them.
    await page.locator('.chat-actions summary', { hasText: 'Export…' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Markdown (.md)' }).click();
    const markdown = await readFile((await (await download).path())!, 'utf8');
    expect(markdown).toContain('**Attached file** ` quarterly-report.pdf ` (a PDF, 3 pages,');
    expect(markdown).toContain('**Attached file** ` notes.md `');
    // Search finds the conversation by a file's name.
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('quarterly');
    await expect
      .poll(() => page.locator('.conversation-list button.item').allTextContents())
      .toEqual([expect.stringContaining('quarterly-report.pdf')]);
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('');
    // The activity record: "attached NAME (size)", never the bytes.
    await goTo(page, 'Activity');
    const rows = page.getByRole('log', { name: 'Activity entries' }).locator('.activity-summary');
    await expect
      .poll(() => rows.allTextContents(), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([expect.stringContaining(`attached notes.md (${notes.length} bytes)`)]),
      );
    const record = (await readdir(path.join(shell.home, 'activity'))).filter((f) => f.endsWith('.jsonl'));
    const written = (
      await Promise.all(record.map((f) => readFile(path.join(shell.home, 'activity', f), 'utf8')))
    ).join('');
    expect(written).toContain('"name":"quarterly-report.pdf"');
    expect(written).not.toContain(chart.toString('base64').slice(0, 60));
    expect(written).not.toContain('The total is 42,000');
    await goTo(page, 'Chats');
  });

  it('over a limit, or not what its name says: said before sending, naming the file; nothing attached or sent, the draft kept', async () => {
    await openNewChat(page);
    const kept = await attachments();
    const requests = fake.requests.length;
    await page.getByRole('textbox', { name: 'Message' }).fill('Look at this');
    const big = Buffer.concat([png(8, 8, [0, 0, 0]), Buffer.alloc(4 * 1024 * 1024)]);
    await page.locator('input[type="file"][aria-label="Files to attach"]').setInputFiles([
      { name: 'huge.png', mimeType: 'image/png', buffer: big },
      { name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('plain words\n') },
    ]);
    const alert = composer().getByRole('alert');
    await expect
      .poll(() => alert.textContent(), { timeout: 10_000 })
      .toContain('not-a-picture.png is named as a PNG image');
    expect(await alert.textContent()).toContain(
      `huge.png is ${formatSize(big.length)}: an image (5 MB once encoded, as Anthropic takes it) may be at most 3.75 MB. Nothing was attached.`,
    );
    await composer().screenshot({ path: path.join(LOOK, 'files-composer-over-limit.png') });
    expect(await composer().locator('.file-chip').count()).toBe(0);
    expect(await attachments()).toEqual(kept);
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Look at this');
    expect(fake.requests.length).toBe(requests);
  });

  it('to an OpenAI-compatible provider: an image as an image_url part; a PDF refused before sending, saying why', async () => {
    await openNewChat(page);
    const dot = png(24, 24, [200, 30, 30]);
    const input = page.locator('input[type="file"][aria-label="Files to attach"]');
    await input.setInputFiles([{ name: 'red.png', mimeType: 'image/png', buffer: dot }]);
    await expect.poll(() => chips().count(), { timeout: 10_000 }).toBe(1);
    // New chat removes an empty conversation with no words typed: its files come along, not lost.
    await openNewChat(page);
    expect(await chips().allTextContents()).toEqual([`red.png${dot.length} bytes✕`]);
    await page.getByRole('button', { name: 'Model…' }).click();
    const panel = page.getByRole('form', { name: 'Conversation settings' });
    await panel.getByLabel('Provider').selectOption('here');
    await panel.getByRole('button', { name: 'Save' }).click();
    await input.setInputFiles([{ name: 'paper.pdf', mimeType: 'application/pdf', buffer: await pdf(1) }]);
    await expect.poll(() => chips().count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('textbox', { name: 'Message' }).fill('What colour?');
    // Each conversation its own files: another has none of these, and they are here again on return.
    const list = page.locator('.conversation-list button.item');
    await list.filter({ hasText: 'draft' }).first().click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Look at this');
    expect(await composer().locator('.file-chip').count()).toBe(0);
    await list.filter({ hasText: 'draft' }).first().click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('What colour?');
    expect(await chips().allTextContents()).toEqual([
      `red.png${dot.length} bytes✕`,
      expect.stringMatching(/^PDFpaper\.pdf\d+ bytes · 1 page✕$/),
    ]);
    const requests = local.requests.length;
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(
            'paper.pdf is a PDF, and Switchboard sends PDFs to Anthropic only — On this computer is not sent them: nothing was sent. Remove it, or pick Anthropic in Model….',
          ),
        ]),
      );
    expect(local.requests.length).toBe(requests);
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('What colour?');
    await composer().getByRole('button', { name: 'Remove paper.pdf' }).click();
    local.script({ content: 'Red.' });
    await page.getByRole('button', { name: 'Send' }).click();
    await replyDone();
    await expect.poll(() => messages().textContent()).toContain('Red.');
    const chat = local.requests.slice(requests).find((r) => r.path === '/v1/chat/completions')!;
    const user = (chat.body!.messages as { role: string; content: unknown }[]).find((m) => m.role === 'user');
    expect(user!.content).toEqual([
      { type: 'text', text: 'Attached image: red.png' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${dot.toString('base64')}` } },
      { type: 'text', text: 'What colour?' },
    ]);
  });
});
