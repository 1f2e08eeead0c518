// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportMenu } from './ExportMenu';

afterEach(cleanup);

function menu() {
  const chosen: string[] = [];
  render(
    <>
      <ExportMenu onExport={(f) => chosen.push(f)} />
      <p>elsewhere</p>
    </>,
  );
  const details = screen.getByText('Export…').closest('details')!;
  const summary = screen.getByText('Export…');
  return { chosen, details, summary };
}

describe('Export… menu', () => {
  it('a choice exports in that format, closes the menu and gives the focus back to its button (found by a review)', () => {
    const { chosen, details, summary } = menu();
    details.open = true;
    const markdown = screen.getByRole('button', { name: 'Markdown (.md)' });
    markdown.focus();
    fireEvent.click(markdown);
    expect(chosen).toEqual(['markdown']);
    expect(details.open).toBe(false);
    // The chosen item is hidden now: a keyboard user goes on from the menu's button, not from the page's top.
    expect(document.activeElement).toBe(summary);
    details.open = true;
    fireEvent.click(screen.getByRole('button', { name: 'JSON (.json)' }));
    expect(chosen).toEqual(['markdown', 'json']);
  });

  it('Escape closes it with the focus on its button; a click elsewhere closes it', () => {
    const { chosen, details, summary } = menu();
    details.open = true;
    const json = screen.getByRole('button', { name: 'JSON (.json)' });
    json.focus();
    fireEvent.keyDown(json, { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
    details.open = true;
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(details.open).toBe(false);
    expect(chosen).toEqual([]);
  });

  it('the focus leaving it (Tab past its last item) closes it; moving inside it does not', () => {
    const { details, summary } = menu();
    details.open = true;
    const markdown = screen.getByRole('button', { name: 'Markdown (.md)' });
    const json = screen.getByRole('button', { name: 'JSON (.json)' });
    fireEvent.blur(summary, { relatedTarget: markdown });
    fireEvent.blur(markdown, { relatedTarget: json });
    expect(details.open).toBe(true);
    fireEvent.blur(json, { relatedTarget: null });
    expect(details.open).toBe(false);
  });
});
