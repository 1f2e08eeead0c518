// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrustRequest } from '../../../shared/host/serverView';
import { useApp } from '../../state/store';
import { renderWithHost } from '../../test/render';
import { TrustPrompt } from './TrustPrompt';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const request = (extra: Partial<TrustRequest> = {}): TrustRequest => ({
  command: 'npx',
  args: ['-y', 'some-server'],
  env: [],
  identity: 'a'.repeat(64),
  ...extra,
});

const said = () =>
  screen.getByRole('region', { name: 'Trust prompt: files' }).querySelector('[data-launch-sandbox]')!;

describe('the trust prompt on what a launch may reach', () => {
  it('says an unconfined launch runs with the person’s full rights', () => {
    renderWithHost(<TrustPrompt server="files" request={request()} />);
    expect(said().getAttribute('data-launch-sandbox')).toBe('off');
    expect(said().textContent).toBe(
      'Runs with your full rights: it can read, write and reach everything you can.',
    );
  });

  it('says a sandboxed one runs sandboxed, with what its rules let it also write, reach and read', () => {
    renderWithHost(
      <TrustPrompt
        server="files"
        request={request({
          sandbox: {
            filesystem: { allowWrite: ['~/work'], allowRead: ['~/.aws/credentials'] },
            network: { allowedDomains: ['example.com', 'exa\u202Emple.org'] },
          },
        })}
      />,
    );
    expect(said().getAttribute('data-launch-sandbox')).toBe('confined');
    expect(said().querySelector('p')!.textContent).toBe(
      'Runs sandboxed — may also write: ~/work; may reach: example.com, exa⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩mple.org; may read: ~/.aws/credentials.',
    );
    expect(said().textContent).toContain("Switchboard's data are hidden from it");
  });

  it('says "(none)" where the rules add nothing', () => {
    renderWithHost(<TrustPrompt server="files" request={request({ sandbox: {} })} />);
    expect(said().querySelector('p')!.textContent).toBe(
      'Runs sandboxed — may also write: (none); may reach: (none); may read: (none).',
    );
  });
});
