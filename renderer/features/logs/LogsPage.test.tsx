// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from '../../state/store';
import { renderWithHost } from '../../test/render';
import { LogsPage } from './LogsPage';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

describe('LogsPage', () => {
  it('offers a server’s logger names with their hidden characters as markers, filtering by the real name', () => {
    useApp.setState({ loggers: ['db\u202Eadmin', 'http'] });
    renderWithHost(<LogsPage />);
    const options = Array.from((screen.getByLabelText('Logger') as HTMLSelectElement).options);
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Any'],
      ['db\u202Eadmin', 'db⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩admin'],
      ['http', 'http'],
    ]);
  });

  it('keeps its filters when the person leaves the page and comes back; the wire trace is off at first', () => {
    const entry = (seq: number, source: 'wire' | 'stderr', text: string) => ({
      seq,
      server: 'everything',
      at: 1000 + seq,
      level: 'info' as const,
      source,
      text,
    });
    useApp.getState().clearLogs();
    useApp.getState().appendLogs([entry(1, 'wire', '{"jsonrpc":"2.0"}'), entry(2, 'stderr', 'started')]);
    const first = renderWithHost(<LogsPage />);
    expect(screen.getByText(/1 of 2 entries/)).toBeTruthy();
    expect((screen.getByLabelText('wire') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/Pick a server to set the level/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search logs'), { target: { value: 'start' } });
    fireEvent.click(screen.getByLabelText('wire'));
    first.unmount();
    renderWithHost(<LogsPage />);
    expect((screen.getByLabelText('Search logs') as HTMLInputElement).value).toBe('start');
    expect((screen.getByLabelText('wire') as HTMLInputElement).checked).toBe(true);
  });

  it('says how many lines a flood cost the page, and how many old ones it let go of', () => {
    useApp.getState().clearLogs();
    const { logs, appendLogs } = useApp.getState();
    const many = Array.from({ length: logs.max + 5 }, (_, i) => ({
      seq: i + 1,
      server: 'loud',
      at: i,
      level: 'info' as const,
      source: 'server' as const,
      text: `line ${i + 1}`,
    }));
    appendLogs(many, 1234);
    renderWithHost(<LogsPage />);
    expect(
      screen.getByText(/1,234 lines dropped: they came faster than this page could take them/),
    ).toBeTruthy();
    expect(screen.getByText(/the 5 oldest let go of \(the newest 100,000 are kept\)/)).toBeTruthy();
  });

  it('shows the batches that arrive while it is open (taken in as a transition, never left behind)', async () => {
    useApp.getState().clearLogs();
    const line = (seq: number) => ({
      seq,
      server: 'loud',
      at: seq,
      level: 'info' as const,
      source: 'server' as const,
      text: `line ${seq}`,
    });
    useApp.getState().appendLogs([line(1)]);
    renderWithHost(<LogsPage />);
    expect(screen.getByText(/1 of 1 entries/)).toBeTruthy();
    // Between the first render and the page's subscription, and after it: both batches show.
    act(() => useApp.getState().appendLogs([line(2), line(3)]));
    act(() => useApp.getState().appendLogs([line(4)]));
    expect(await screen.findByText(/4 of 4 entries/)).toBeTruthy();
  });
});
