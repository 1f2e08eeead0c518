// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstallChoiceView, ValidEntryView } from '../../../shared/host/registryView';
import { recordingHost, renderWithHost } from '../../test/render';
import { InstallStep } from './InstallStep';

const CHOICE: Extract<InstallChoiceView, { kind: 'package' }> = {
  kind: 'package',
  id: 'packages/0',
  label: 'npm package weather-mcp 1.0.0',
  summary: 'Runs npx -y weather-mcp@1.0.0',
  registryType: 'npm',
  runtime: 'npx',
  preview: { command: 'npx', args: ['-y', 'weather-mcp@1.0.0'] },
  fields: [
    {
      key: 'packages/0/environmentVariables/0',
      label: 'API_KEY',
      target: 'env',
      format: 'string',
      required: true,
      secret: true,
      repeated: false,
      description: 'Your key\u202E',
    },
    {
      key: 'packages/0/environmentVariables/1',
      label: 'UNITS',
      target: 'env',
      format: 'string',
      required: false,
      secret: false,
      repeated: false,
      default: 'metric',
      choices: ['metric', 'imperial'],
    },
  ],
};
const ENTRY: ValidEntryView = {
  valid: true,
  registryUrl: 'https://registry.example.com',
  name: 'io.github.user/weather',
  version: '1.0.0',
  title: 'Weather',
  description: 'Weather',
  icons: [],
  official: { status: 'active' },
  choices: [CHOICE],
  suggestedName: 'weather',
};

describe('InstallStep', () => {
  it('builds the form from the fields, says a missing runtime first, and sends what was filled', async () => {
    const { host, calls } = recordingHost({
      checkRuntime: () => ({ ok: false, runtime: 'npx', message: 'npx was not found on the PATH' }),
      prepareInstall: () => ({
        ok: false,
        problems: [{ field: CHOICE.fields[0]!.key, message: 'wrong key' }],
      }),
    });
    renderWithHost(<InstallStep entry={ENTRY} choice={CHOICE} onInstalled={() => {}} />, host);
    expect(await screen.findByText('npx was not found on the PATH')).toBeTruthy();
    expect(screen.getByTestId('choice-target').textContent).toBe('npx -y weather-mcp@1.0.0');
    const key = screen.getByLabelText(/environment variable API_KEY \(required\)/) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.required).toBe(true);
    // The publisher's description with its hidden character shown as a marker.
    expect(document.querySelector('.hidden-char')).not.toBeNull();
    const units = screen.getByLabelText(/environment variable UNITS/) as HTMLSelectElement;
    expect(units.tagName).toBe('SELECT');
    expect(units.value).toBe('metric');
    fireEvent.change(key, { target: { value: 'k-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review…' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'prepareInstall')).toBe(true));
    expect(calls.find((c) => c.method === 'prepareInstall')?.args).toEqual([
      {
        entry: 'io.github.user/weather',
        choice: 'packages/0',
        values: {
          'packages/0/environmentVariables/0': 'k-123',
          'packages/0/environmentVariables/1': 'metric',
        },
        name: 'weather',
      },
    ]);
    expect(await screen.findByText('wrong key')).toBeTruthy();
  });

  it('checks for a missing runtime again without leaving the form, and says where it was found', async () => {
    let installed = false;
    renderWithHost(
      <InstallStep entry={ENTRY} choice={CHOICE} onInstalled={() => {}} />,
      recordingHost({
        checkRuntime: () =>
          installed
            ? { ok: true, path: '/opt/node/bin/npx' }
            : { ok: false, runtime: 'npx', message: 'npx was not found on the PATH' },
      }).host,
    );
    const key = (await screen.findByLabelText(/API_KEY/)) as HTMLInputElement;
    fireEvent.change(key, { target: { value: 'typed before' } });
    await screen.findByText('npx was not found on the PATH');
    installed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('/opt/node/bin/npx')).toBeTruthy();
    expect(screen.queryByText('npx was not found on the PATH')).toBeNull();
    expect((screen.getByLabelText(/API_KEY/) as HTMLInputElement).value).toBe('typed before');
  });
});
