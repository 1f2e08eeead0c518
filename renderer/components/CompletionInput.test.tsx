// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test/render';
import { CompletionInput } from './CompletionInput';

afterEach(() => vi.useRealTimers());

function Harness({ suggest }: { suggest: (v: string) => Promise<string[]> }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="c">City</label>
      <CompletionInput id="c" value={value} onChange={setValue} suggest={suggest} />
    </>
  );
}

describe('CompletionInput', () => {
  it('asks the server as you type, and takes a suggestion with the keyboard', async () => {
    vi.useFakeTimers();
    const suggest = vi.fn(async (v: string) => ['Paris', 'Perth', 'Prague'].filter((c) => c.startsWith(v)));
    render(<Harness suggest={suggest} />);
    const input = screen.getByRole('combobox', { name: 'City' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'P' } });
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Paris', 'Perth', 'Prague']);
    expect(suggest).toHaveBeenLastCalledWith('P');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('Perth');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps its list when the focus leaves and comes straight back (a dialog opening around it)', async () => {
    vi.useFakeTimers();
    render(<Harness suggest={async (v) => ['Engineering'].filter((c) => c.startsWith(v))} />);
    const input = screen.getByRole('combobox', { name: 'City' });
    input.focus();
    input.blur();
    input.focus();
    fireEvent.change(input, { target: { value: 'Eng' } });
    await act(async () => vi.advanceTimersByTimeAsync(400));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Engineering']);
    // Gone for good: the list closes.
    input.blur();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps only the answer to the latest question', async () => {
    vi.useFakeTimers();
    const slow: ((v: string[]) => void)[] = [];
    const suggest = (v: string) =>
      v === 'P' ? new Promise<string[]>((r) => slow.push(r)) : Promise.resolve(['Perth']);
    render(<Harness suggest={suggest} />);
    const input = screen.getByRole('combobox', { name: 'City' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'P' } });
    await act(async () => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: 'Pe' } });
    await act(async () => vi.advanceTimersByTimeAsync(200));
    await act(async () => slow[0]!(['Paris', 'Perth', 'Prague']));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Perth']);
  });

  it('repeats a picked suggestion that holds hidden characters beneath the box, with markers', async () => {
    vi.useFakeTimers();
    render(<Harness suggest={async () => ['Par\u200Bis']} />);
    const input = screen.getByRole('combobox', { name: 'City' });
    fireEvent.focus(input);
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(screen.getByRole('option'));
    expect(screen.getByRole('note').textContent).toContain('Par⟨U+200B ZERO WIDTH SPACE⟩is');
  });
});
