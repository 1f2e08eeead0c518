// @vitest-environment happy-dom
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: a manifest's ${user_config.KEY} placeholders, as the page shows them
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BundlePreviewView } from '../../../shared/host/bundleView';
import { recordingHost, renderWithHost } from '../../test/render';
import { BundleInstall } from './BundleInstall';
import { bundleValues, initialBundleTexts } from './bundleTexts';

const PREVIEW: BundlePreviewView = {
  planId: '6f1c2a4e-1111-4222-8333-444455556666',
  name: 'bundled-report',
  displayName: 'Bundled report',
  version: '1.2.3',
  author: 'Switchboard tests',
  description: 'Reports\u202E what it got',
  source: { kind: 'file', file: 'report.mcpb' },
  sha256: 'ab'.repeat(32),
  sha256Checked: false,
  signature: {
    status: 'self-signed',
    publisher: 'Me',
    issuer: 'Me',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2027-01-01T00:00:00.000Z',
    fingerprint: 'AA:BB',
  },
  template: {
    command: '/usr/bin/node',
    args: ['/b/server/index.mjs', '${user_config.folders}'],
    env: [{ name: 'API_KEY', secret: true }],
  },
  form: [
    {
      key: 'api_key',
      type: 'string',
      title: 'API key',
      description: 'A secret',
      required: true,
      sensitive: true,
      multiple: false,
    },
    {
      key: 'folders',
      type: 'directory',
      title: 'Folders',
      description: 'Where',
      required: false,
      sensitive: false,
      multiple: true,
      default: ['/home/a/Documents'],
    },
    {
      key: 'dir',
      type: 'directory',
      title: 'One folder',
      description: 'One',
      required: false,
      sensitive: false,
      multiple: false,
    },
    {
      key: 'limit',
      type: 'number',
      title: 'Limit',
      description: 'How many',
      required: false,
      sensitive: false,
      multiple: false,
      min: 1,
      max: 10,
      default: 5,
    },
    {
      key: 'verbose',
      type: 'boolean',
      title: 'Verbose',
      description: 'More',
      required: false,
      sensitive: false,
      multiple: false,
      default: false,
    },
    {
      key: 'cert',
      type: 'file',
      title: 'Certificate',
      description: 'A file',
      required: false,
      sensitive: false,
      multiple: false,
    },
  ],
  suggestedName: 'bundled-report',
};

describe('bundle form', () => {
  it('opens with the defaults and sends typed values: paths one per line, a checkbox as true/false, empties left out', () => {
    const texts = initialBundleTexts(PREVIEW.form);
    expect(texts).toEqual({
      api_key: '',
      folders: '/home/a/Documents',
      dir: '',
      limit: '5',
      verbose: false,
      cert: '',
    });
    expect(
      bundleValues(PREVIEW.form, { ...texts, api_key: ' k ', folders: '/a\n\n /b \n', verbose: true }),
    ).toEqual({ api_key: ' k ', folders: ['/a', '/b'], limit: '5', verbose: true });
  });

  it('shows the facts, the signature plainly, each field by its type, and sends what was filled', async () => {
    const { host, calls } = recordingHost({
      getBundleAbilities: () => ({
        nativeFilePicker: false,
        nativePathPicker: false,
        folderBrowser: true,
        maxUploadBytes: 1,
        chunkBytes: 1,
      }),
      prepareBundleServer: () => ({
        ok: false,
        problems: [{ field: 'limit', message: 'must be at most 10' }],
      }),
    });
    renderWithHost(<BundleInstall preview={PREVIEW} onInstalled={() => {}} />, host);
    expect(document.querySelector('[data-signature="self-signed"]')?.textContent).toMatch(
      /proves nothing about who/,
    );
    expect(screen.getByTestId('bundle-template').textContent).toContain('${user_config.folders}');
    expect(screen.getByTestId('bundle-template').textContent).toMatch(/API_KEY a stored secret/);
    // The bundle's description with its hidden character shown as a marker.
    expect(document.querySelector('.hidden-char')).not.toBeNull();
    const key = screen.getByLabelText(/API key \(required\) — secret/) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect((screen.getByLabelText('Folders') as HTMLElement).tagName).toBe('TEXTAREA');
    expect((screen.getByLabelText('Limit') as HTMLInputElement).type).toBe('number');
    expect((screen.getByLabelText('Verbose') as HTMLInputElement).type).toBe('checkbox');
    // Folders get the in-app folder browser here; a file setting, with no native picker, is typed.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Choose folder…' })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Choose file…' })).toBeNull();
    fireEvent.change(key, { target: { value: 'sk-1' } });
    fireEvent.change(screen.getByLabelText('Limit'), { target: { value: '7' } });
    fireEvent.click(screen.getByLabelText('Verbose'));
    fireEvent.click(screen.getByRole('button', { name: 'Review…' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'prepareBundleServer')).toBe(true));
    expect(calls.find((c) => c.method === 'prepareBundleServer')?.args).toEqual([
      {
        planId: PREVIEW.planId,
        name: 'bundled-report',
        values: { api_key: 'sk-1', folders: ['/home/a/Documents'], limit: '7', verbose: true },
      },
    ]);
    expect(await screen.findByText('must be at most 10')).toBeTruthy();
  });
});
