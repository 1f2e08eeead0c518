// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxViolation } from '../../../shared/host/sandboxRules';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { SandboxViolations } from './SandboxViolations';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const denial = (
  access: SandboxViolation['access'],
  target: string,
  text: string,
  last: number,
  allow: SandboxViolation['allow'],
  count = 1,
): SandboxViolation => ({ id: `${access}:${target}`, access, target, text, count, first: last, last, allow });

// As the host sends them: grouped, newest first.
const FIVE = [
  denial(
    'network',
    'api.example.com:443',
    'tried to reach api.example.com:443',
    5,
    { rule: 'api.example.com' },
    3,
  ),
  denial('read', '/home/p/.aws/credentials', 'tried to read ~/.aws/credentials', 4, {
    rule: '~/.aws/credentials',
  }),
  denial('write', '/home/p/out/x.txt', 'tried to write ~/out/x.txt', 3, { rule: '~/out' }),
  denial('read', '/data/config.json', 'tried to read /data/config.json', 2, {
    refused: "Switchboard's own data folder is never opened to a server",
  }),
  denial('network', 'old.example:443', 'tried to reach old.example:443', 1, { rule: 'old.example' }),
];

function renderList(violations: SandboxViolation[]) {
  const { host, calls } = recordingHost();
  renderWithHost(<SandboxViolations server="reach" violations={violations} />, host);
  const list = () => screen.getByRole('region', { name: 'Denied by the sandbox: reach' });
  const rows = () =>
    Array.from(list().querySelectorAll('li')).map((li) => ({
      text: li.querySelector('.denial')!.firstChild!.textContent,
      count: li.querySelector('.denial-count')?.textContent ?? '',
      answer: li.querySelector('button')?.textContent ?? li.lastElementChild!.textContent,
    }));
  return { calls, list, rows };
}

describe('SandboxViolations', () => {
  it('shows the newest few as the host grouped them, each with what Allow adds, and the rest on asking', () => {
    const { list, rows } = renderList(FIVE);
    expect(rows()).toEqual([
      { text: 'tried to reach api.example.com:443', count: ' ×3', answer: 'Allow api.example.com' },
      { text: 'tried to read ~/.aws/credentials', count: '', answer: 'Allow reading ~/.aws/credentials' },
      { text: 'tried to write ~/out/x.txt', count: '', answer: 'Allow writing in ~/out' },
    ]);
    fireEvent.click(within(list()).getByRole('button', { name: 'Show all 5' }));
    expect(rows().slice(3)).toEqual([
      {
        text: 'tried to read /data/config.json',
        count: '',
        answer: "Switchboard's own data folder is never opened to a server",
      },
      { text: 'tried to reach old.example:443', count: '', answer: 'Allow old.example' },
    ]);
    expect(
      within(list()).getByRole('button', { name: 'Show the newest' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('asks the host to allow that denial for this server', async () => {
    const { list, calls } = renderList(FIVE);
    fireEvent.click(within(list()).getByRole('button', { name: 'Allow api.example.com' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'allowSandboxDenial',
        args: ['reach', 'network:api.example.com:443'],
      }),
    );
  });

  it('shows what the server tried as text, hidden characters revealed', () => {
    const { rows } = renderList([
      denial('read', '/home/p/.ssh/id\u202Egpj', 'tried to read ~/.ssh/id\u202Egpj', 1, {
        rule: '~/.ssh/id\u202Egpj',
      }),
    ]);
    expect(rows()[0]).toEqual({
      text: 'tried to read ~/.ssh/id⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩gpj',
      count: '',
      answer: 'Allow reading ~/.ssh/id⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩gpj',
    });
  });

  it('says nothing when nothing was denied', () => {
    renderList([]);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
