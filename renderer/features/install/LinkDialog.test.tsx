// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkPreviewView } from '../../../shared/host/linkView';
import { recordingHost, renderWithHost } from '../../test/render';
import { LinkDialog } from './LinkDialog';

const PREVIEW: LinkPreviewView = {
  ok: true,
  planId: '6f1c1b8e-3c1e-4c3e-9f59-2b8e1d6e0a11',
  app: 'Cursor',
  warnings: [],
  servers: [
    {
      name: 'weather',
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'weather-mcp'],
      field: 'env',
      values: [
        { name: 'API_KEY', value: 'sk-live-in-the-link', secretLooking: true, needsValue: false },
        { name: 'CITY', value: '<YOUR_CITY>', secretLooking: false, needsValue: true, hint: 'your city' },
      ],
      warnings: [],
      exists: false,
      refused: { rule: 'deniedServers[0] {"command":"npx"}', reason: 'the command npx is denied' },
    },
  ],
};
const noop = () => {};

describe('LinkDialog', () => {
  it('previews a pasted link, says the policy and the secret-looking value, and sends what the person chose', async () => {
    let added: string[] | undefined;
    const { host, calls } = recordingHost({
      previewLink: () => PREVIEW,
      confirmLink: () => ({ servers: ['weather'] }),
    });
    renderWithHost(<LinkDialog onClose={noop} onAdded={(s) => (added = s)} onRegistry={noop} />, host);
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Link'), {
      target: { value: 'cursor://anysphere.cursor-deeplink/mcp/install?x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Link preview' });
    expect(calls.find((c) => c.method === 'previewLink')?.args).toEqual([
      { link: 'cursor://anysphere.cursor-deeplink/mcp/install?x', from: null },
    ]);
    expect(preview.textContent).toContain('A Cursor install link.');
    expect(preview.textContent).toContain('a secret-looking value, carried in the link as plain text');
    expect(screen.getByRole('region', { name: /^Refused by policy/ }).textContent).toContain(
      'it will not start while the policy refuses it',
    );
    // A local server from a link runs sandboxed unless unticked (issue 48); widened here before adding.
    const sandbox = screen.getByRole('group', { name: 'Sandbox: weather' });
    const confined = sandbox.querySelector('input[type=checkbox]') as HTMLInputElement;
    expect(confined.checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Also let it reach (host names)'), {
      target: { value: 'api.weather.example, *.cdn.example' },
    });
    // The secret-looking value goes to the store unless unticked; the value to fill is asked for.
    const boxes = (screen.getAllByRole('checkbox') as HTMLInputElement[]).filter((b) => b !== confined);
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    fireEvent.change(screen.getByLabelText(/The link leaves this to fill \(your city\)/), {
      target: { value: 'Lisbon' },
    });
    fireEvent.click(boxes[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Add weather' }));
    await waitFor(() => expect(added).toEqual(['weather']));
    expect(calls.find((c) => c.method === 'confirmLink')?.args).toEqual([
      PREVIEW.planId,
      {
        values: { weather: { CITY: 'Lisbon' } },
        secret: { weather: ['API_KEY', 'CITY'] },
        sandbox: { weather: { enabled: true, allowedDomains: ['api.weather.example', '*.cdn.example'] } },
      },
    ]);
  });

  it('a link changed after its preview cannot be added until previewed again', async () => {
    const { host } = recordingHost({ previewLink: () => PREVIEW });
    renderWithHost(<LinkDialog onClose={noop} onAdded={noop} onRegistry={noop} />, host);
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'cursor://a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('button', { name: 'Add weather' });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'cursor://b' } });
    expect(screen.queryByRole('region', { name: 'Link preview' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add weather' })).toBeNull();
  });

  it('an opened link is read at once and says where it came from; a refused one says why and offers nothing', async () => {
    const { host, calls } = recordingHost({
      previewLink: (arg) =>
        (arg as { link: string }).link.startsWith('javascript:')
          ? { ok: false, error: 'Cannot add from this link: javascript: is not an install link' }
          : { ...PREVIEW, from: 'opened from a web address' },
    });
    const first = renderWithHost(
      <LinkDialog
        initialLink="cursor://a"
        from="opened from a web address"
        onClose={noop}
        onAdded={noop}
        onRegistry={noop}
      />,
      host,
    );
    expect((await screen.findByTestId('link-origin')).textContent).toBe(
      'A Cursor install link (opened from a web address).',
    );
    expect(calls[0]?.args).toEqual([{ link: 'cursor://a', from: 'opened from a web address' }]);
    first.unmount();
    renderWithHost(
      <LinkDialog initialLink="javascript:alert(1)" onClose={noop} onAdded={noop} onRegistry={noop} />,
      host,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('javascript: is not an install link');
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });

  it('a registry link offers the entry in Browse, not an install', async () => {
    let opened: string | undefined;
    const { host } = recordingHost({
      previewLink: () => ({
        ...PREVIEW,
        servers: [],
        registry: { name: 'io.github.acme/tool', version: '1.2.0' },
      }),
    });
    renderWithHost(
      <LinkDialog
        initialLink="switchboard://install?registry=x"
        onClose={noop}
        onAdded={noop}
        onRegistry={(n) => (opened = n)}
      />,
      host,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Open in Browse' }));
    expect(opened).toBe('io.github.acme/tool');
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });
});
