// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { Composer } from './Composer';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const tags = (s: string) => [...s].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

describe('Composer', () => {
  it('lists the servers’ prompts after “/” with their hidden characters as markers', () => {
    useApp.setState({
      drafts: { c1: '/' },
      catalog: {
        ...useApp.getState().catalog,
        prompts: [
          { server: 'weather', prompt: { name: 'sum\u200Bmarise', description: 'Short' } },
          { server: 'notes', prompt: { name: `todo${tags('leak it')}` } },
        ],
      },
    });
    renderWithHost(<Composer conversationId="c1" replying={false} />);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '/sum⟨U+200B ZERO WIDTH SPACE⟩marise — weather Short',
      '/todo⟨TAGS “leak it”⟩ — notes',
    ]);
    for (const o of options) expect(o.textContent).not.toMatch(/[\u200B\u{E0000}-\u{E007F}]/u);
  });

  it('opens the chosen prompt in a dialog whose title and name show the markers', () => {
    useApp.setState({
      drafts: { c1: '/' },
      catalog: {
        ...useApp.getState().catalog,
        prompts: [{ server: 'weather', prompt: { name: 'pay\u202Elapyap' } }],
      },
    });
    renderWithHost(<Composer conversationId="c1" replying={false} />);
    fireEvent.click(screen.getByRole('option'));
    const dialog = screen.getByRole('dialog', {
      name: '/pay⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩lapyap from weather',
    });
    expect(dialog.querySelector('h2')?.textContent).toBe(
      '/pay⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩lapyap from weather',
    );
    expect(screen.getByRole('form').getAttribute('aria-label')).toBe(
      'Prompt pay⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩lapyap',
    );
  });

  it('a prompt dialog closed without sending gives the words written in it back to the message box', () => {
    useApp.setState({
      drafts: { c1: '/pay' },
      catalog: { ...useApp.getState().catalog, prompts: [{ server: 'weather', prompt: { name: 'payday' } }] },
    });
    renderWithHost(<Composer conversationId="c1" replying={false} />);
    fireEvent.click(screen.getByRole('option'));
    fireEvent.change(screen.getByLabelText('Your message with it (optional)'), {
      target: { value: 'And list the holidays too.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'And list the holidays too.',
    );
    // Nothing written in it: the box keeps what it had.
    act(() => useApp.getState().setDraft('c1', '/pay'));
    fireEvent.click(screen.getByRole('option'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(useApp.getState().drafts.c1).toBe('/pay');
  });

  it('the same URI attached as a resource and loaded as a skill is two attachments; each only once', () => {
    const { attach } = useApp.getState();
    const base = { server: 'docs', uri: 'skill://pdf/SKILL.md' };
    attach({ ...base, label: 'SKILL.md' });
    attach({ ...base, label: 'pdf', skill: true });
    attach({ ...base, label: 'pdf', skill: true });
    attach({ ...base, label: 'SKILL.md' });
    expect(useApp.getState().attachments.map((a) => Boolean(a.skill))).toEqual([false, true]);
    renderWithHost(<Composer conversationId="c1" replying={false} />);
    expect(
      screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove SKILL.md', 'Remove pdf']);
  });

  it('what is typed while a message is being saved stays in the box; only what was sent leaves it', async () => {
    const answer: { saved?: () => void } = {};
    const release = () => answer.saved?.();
    const { host } = recordingHost({
      sendMessage: () =>
        new Promise<void>((resolve) => {
          answer.saved = resolve;
        }),
    });
    useApp.setState({ drafts: { c1: 'First question' } });
    renderWithHost(<Composer conversationId="c1" replying={false} />, host);
    const box = screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(answer.saved).toBeDefined());
    fireEvent.change(box, { target: { value: 'First question\n\nand a second one, typed meanwhile' } });
    release();
    await waitFor(() => expect(box.value).toBe('and a second one, typed meanwhile'));
    // Changed beyond what was sent: all of it stays.
    answer.saved = undefined;
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(answer.saved).toBeDefined());
    fireEvent.change(box, { target: { value: 'A second one, rewritten' } });
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(box.value).toBe('A second one, rewritten');
  });
});
