// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from '../../state/store';
import { renderWithHost } from '../../test/render';
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
});
