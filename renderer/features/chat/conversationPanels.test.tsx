// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatError } from '../../../shared/chat/conversation';
import type { ToolView } from '../../../shared/ipc/catalogContract';
import type { ConversationView } from '../../../shared/ipc/chatContract';
import { useApp } from '../../state/store';
import { conversationView } from '../../test/conversationView';
import { recordingHost, renderWithHost } from '../../test/render';
import { settingsViewOf } from '../../test/settingsView';
import { ChatPage } from './ChatPage';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const conversation = (lastError?: ChatError): ConversationView =>
  conversationView('c1', { title: 'A chat', ...(lastError ? { lastError } : {}) });

/** `n` tools of each server, each about the same size. */
const toolsOf = (servers: string[], n: number): ToolView[] =>
  servers.flatMap((server) =>
    Array.from({ length: n }, (_, i) => ({
      name: `${server}__tool${i}`,
      server,
      tool: `tool${i}`,
      description: 'x'.repeat(200),
      inputSchema: { type: 'object' as const },
      enabled: true,
      alwaysOffer: false,
    })),
  );

const settingsView = (toolTokenBudget?: number) =>
  settingsViewOf(toolTokenBudget !== undefined ? { toolTokenBudget } : {});

function openChat(options: { lastError?: ChatError; budget?: number; servers?: string[] } = {}) {
  useApp.setState({
    open: conversation(options.lastError),
    catalog: {
      tools: toolsOf(options.servers ?? ['alpha', 'beta'], 8),
      resources: [],
      templates: [],
      prompts: [],
      skills: [],
      servers: [],
      at: 0,
      run: '',
    },
  });
  const recording = recordingHost({
    getSettings: () => settingsView(options.budget),
    listProviderModels: () => [],
  });
  renderWithHost(<ChatPage />, recording.host);
  return recording;
}

describe('Model… and Tools…: panels beside the conversation', () => {
  it('open beside the transcript (never in its column), focus goes in, Escape anywhere closes the last one and gives the focus back to its button', async () => {
    openChat();
    const modelButton = screen.getByRole('button', { name: 'Model…' });
    const toolsButton = screen.getByRole('button', { name: 'Tools…' });
    modelButton.focus();
    fireEvent.click(modelButton);
    const model = await screen.findByRole('form', { name: 'Conversation settings' });
    // The focus is in the panel, on its first field.
    await waitFor(() => expect(model.contains(document.activeElement)).toBe(true));
    toolsButton.focus();
    fireEvent.click(toolsButton);
    const tools = await screen.findByRole('form', { name: 'Tools for this conversation' });
    await waitFor(() => expect(tools.contains(document.activeElement)).toBe(true));
    // Both in the sheet beside the conversation, not in the conversation's column above the transcript.
    const sheet = screen.getByRole('complementary', { name: 'Conversation panels' });
    expect(sheet.contains(model) && sheet.contains(tools)).toBe(true);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.closest('.conversation')?.contains(sheet)).toBe(false);
    expect(model.closest('.conversation')).toBeNull();

    // Escape with the focus elsewhere (the page itself): the last opened closes, the focus goes to its button.
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Tools for this conversation' })).toBeNull(),
    );
    expect(document.activeElement).toBe(toolsButton);
    expect(toolsButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Conversation settings' })).toBeNull());
    expect(document.activeElement).toBe(modelButton);
    expect(screen.queryByRole('complementary', { name: 'Conversation panels' })).toBeNull();
  });

  it('Escape belongs to a modal dialog on top, and to a list that handled it', async () => {
    openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Model…' }));
    await screen.findByRole('form', { name: 'Conversation settings' });
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    dialog.remove();
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('form', { name: 'Conversation settings' })).toBeTruthy();
  });

  it('Save closes each panel, having saved', async () => {
    const { calls } = openChat();
    const modelButton = screen.getByRole('button', { name: 'Model…' });
    modelButton.focus(); // as a click does in a browser
    fireEvent.click(modelButton);
    const model = await screen.findByRole('form', { name: 'Conversation settings' });
    fireEvent.submit(model);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Conversation settings' })).toBeNull());
    expect(calls.some((c) => c.method === 'setConversationSettings')).toBe(true);
    expect(document.activeElement).toBe(modelButton);

    fireEvent.click(screen.getByRole('button', { name: 'Tools…' }));
    fireEvent.submit(await screen.findByRole('form', { name: 'Tools for this conversation' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Tools for this conversation' })).toBeNull(),
    );
    expect(calls.filter((c) => c.method === 'setConversationSettings')).toHaveLength(2);
  });
});

describe('the tool budget in the chat', () => {
  const refused: ChatError = {
    kind: 'too-many-tools',
    retryable: false,
    message:
      'The 16 tools on for this conversation come to about 1,400 tokens, over your budget of 1,000 (Settings). Choose which servers and tools this conversation uses.',
  };

  it('a budget cleared since the refusal: the notice says the tools fit now and offers Retry', async () => {
    const { calls } = openChat({ lastError: refused });
    const banner = screen.getByRole('alert');
    await waitFor(() =>
      expect(banner.textContent).toMatch(/^The 16 tools on for this conversation .* now fit\./),
    );
    expect(banner.textContent).not.toContain('over your budget');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'retryReply')?.args).toEqual(['c1']));
  });

  it('a budget changed since the refusal: the notice gives today’s numbers, and the choice', async () => {
    openChat({ lastError: refused, budget: 500 });
    const banner = screen.getByRole('alert');
    await waitFor(() => expect(banner.textContent).toContain('over your budget of 500 (Settings)'));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose tools…' }));
    await screen.findByRole('form', { name: 'Tools for this conversation' });
  });

  it('fifty servers: every one listed with its count (past the first screenful, right after the first frame)', async () => {
    const servers = Array.from({ length: 50 }, (_, i) => `s${String(i + 1).padStart(2, '0')}`);
    openChat({ servers });
    fireEvent.click(screen.getByRole('button', { name: 'Tools…' }));
    const form = await screen.findByRole('form', { name: 'Tools for this conversation' });
    await waitFor(() => expect(form.querySelectorAll('.tool-servers > li')).toHaveLength(50));
    const rows = Array.from(form.querySelectorAll('.tool-servers > li'), (li) => li.textContent);
    expect(rows[0]).toContain('s01 (8 of 8 tools)');
    expect(rows[49]).toContain('s50 (8 of 8 tools)');
    fireEvent.click(screen.getByRole('button', { name: 'Only s50' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /^s49 / }).checked).toBe(false);
    expect(form.querySelector('.tool-servers > li:last-child')!.textContent).toContain('(8 of 8 tools)');
    expect(form.querySelector('.tool-servers > li:first-child')!.textContent).toContain('(0 of 8 tools)');
  });

  it('the picker: one click for only one server, only one tool, none and all', async () => {
    const { calls } = openChat({ servers: ['alpha', 'beta', 'gamma'] });
    fireEvent.click(screen.getByRole('button', { name: 'Tools…' }));
    const form = await screen.findByRole('form', { name: 'Tools for this conversation' });
    const count = () => form.querySelector('[data-tool-count]')!.textContent;
    expect(count()).toMatch(/^24 of 24 tools/);
    fireEvent.click(screen.getByRole('button', { name: 'Only beta' }));
    expect(count()).toMatch(/^8 of 24 tools/);
    // A server's tools are listed once its "Choose its tools" is opened (not drawn for every server unasked).
    expect(screen.queryByRole('button', { name: 'Only tool3 of beta' })).toBeNull();
    const beta = screen.getByRole('button', { name: 'Only beta' }).closest('li')!.querySelector('details')!;
    beta.open = true;
    fireEvent(beta, new Event('toggle'));
    fireEvent.click(await screen.findByRole('button', { name: 'Only tool3 of beta' }));
    expect(count()).toMatch(/^1 of 24 tools/);
    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    expect(count()).toMatch(/^0 of 24 tools/);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(count()).toMatch(/^24 of 24 tools/);
    fireEvent.click(screen.getByRole('button', { name: 'Only gamma' }));
    fireEvent.submit(form);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'setConversationSettings')?.args[1]).toMatchObject({
        leaveOut: { servers: ['alpha', 'beta'], tools: [] },
      }),
    );
  });
});
