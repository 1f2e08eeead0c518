// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../test/render';
import { ContentView, ResourceContentsView } from './ContentView';
import { Markdown } from './Markdown';
import MarkdownView from './MarkdownView';
import { SafeText } from './SafeText';

describe('SafeText', () => {
  it('shows each hidden run as a labelled marker and never puts the character itself in the page', () => {
    const { container } = render(<SafeText text={'pay\u202Elapyap\u202C now \u001b[31mred'} block />);
    const marks = Array.from(container.querySelectorAll('mark.hidden-char'));
    expect(marks.map((m) => m.textContent)).toEqual([
      '⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩',
      '⟨U+202C POP DIRECTIONAL FORMATTING⟩',
      '⟨ANSI ESC[31m⟩',
    ]);
    expect(marks[0]!.getAttribute('title')).toBe('Hidden in the text: U+202E RIGHT-TO-LEFT OVERRIDE');
    for (const hidden of ['\u202E', '\u202C', '\u001b']) expect(container.textContent).not.toContain(hidden);
    // Its direction is isolated: nothing inside can reorder what is around it.
    expect(container.firstElementChild!.getAttribute('dir')).toBe('auto');
  });

  it('leaves plain text exactly as it is', () => {
    const { container } = render(<SafeText text="Plain text, 日本語, שלום." />);
    expect(container.textContent).toBe('Plain text, 日本語, שלום.');
    expect(container.querySelector('mark')).toBeNull();
  });
});

describe('Markdown', () => {
  it('shows the text plain (hidden characters as markers) until its chunk is there, then renders it', async () => {
    const { container } = render(<Markdown text={'**bold**\u200B'} />);
    expect(container.textContent).toContain('⟨U+200B ZERO WIDTH SPACE⟩');
    expect(container.textContent).not.toContain('\u200B');
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('bold'));
  });

  it('renders no raw HTML, shows hidden characters, and fetches no remote image', () => {
    const { container } = render(
      <MarkdownView
        text={
          'Hi <img src="https://tracker.example/p.gif"> **bold**\u200B\n\n![x](https://tracker.example/q.png)'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.textContent).toContain('⟨U+200B ZERO WIDTH SPACE⟩');
    expect(container.textContent).toContain('<img src="https://tracker.example/p.gif">');
    const link = container.querySelector('a');
    expect(link?.textContent).toBe('[image: x]');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('ContentView', () => {
  it('shows a resource’s MIME type and a tool use’s name and id with hidden characters as markers', () => {
    const { container } = render(
      <>
        <ResourceContentsView contents={{ uri: 'file:///a', mimeType: 'text/x-a\u202Eb', text: 'hi' }} />
        <ContentView content={{ type: 'tool_use', id: 't1', name: 'ls\u2060', input: {} }} />
        <ContentView content={{ type: 'tool_result', toolUseId: 't\u200B1', content: [] }} />
      </>,
    );
    expect(container.querySelector('figcaption')!.textContent).toBe(
      'file:///a · text/x-a⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩b',
    );
    expect(container.textContent).toContain('Tool use ls⟨U+2060 WORD JOINER⟩');
    expect(container.textContent).toContain('Tool result for t⟨U+200B ZERO WIDTH SPACE⟩1');
    for (const hidden of ['\u202E', '\u2060', '\u200B']) expect(container.textContent).not.toContain(hidden);
  });
});
