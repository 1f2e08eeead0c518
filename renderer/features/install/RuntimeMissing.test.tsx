// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RuntimeCheckView } from '../../../shared/host/registryView';
import { recordingHost, renderWithHost } from '../../test/render';
import { RuntimeMissing } from './RuntimeMissing';

describe('RuntimeMissing', () => {
  it('says what to install and checks again on asking, handing on the new answer', async () => {
    let found = false;
    const { host, calls } = recordingHost({
      checkRuntime: () =>
        found
          ? { ok: true, path: '/usr/local/bin/uvx' }
          : { ok: false, runtime: 'uvx', message: 'uvx was not found on the PATH: install uv' },
    });
    const seen: RuntimeCheckView[] = [];
    renderWithHost(
      <RuntimeMissing
        missing={{ ok: false, runtime: 'uvx', message: 'uvx was not found on the PATH: install uv' }}
        onChecked={(c) => seen.push(c)}
      />,
      host,
    );
    expect(screen.getByRole('alert').textContent).toContain('install uv');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ ok: false });
    found = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({ ok: true, path: '/usr/local/bin/uvx' });
    expect(calls.map((c) => c.args)).toEqual([['uvx'], ['uvx']]);
  });
});
