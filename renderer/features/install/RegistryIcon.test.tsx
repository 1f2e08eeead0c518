// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordingHost, renderWithHost } from '../../test/render';
import { iconOrder, RegistryIcon } from './RegistryIcon';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('RegistryIcon', () => {
  it('orders the icons for the theme shown first, then any theme, then the other', () => {
    const icons = [
      { id: 'dark', theme: 'dark' as const },
      { id: 'any' },
      { id: 'light', theme: 'light' as const },
    ];
    expect(iconOrder(icons, false)).toEqual(['light', 'any', 'dark']);
    expect(iconOrder(icons, true)).toEqual(['dark', 'any', 'light']);
  });

  it('asks the host by id and shows the data: URL it answers, nothing when it answers none', async () => {
    const { host, calls } = recordingHost({ registryIcon: () => PNG });
    const { container } = renderWithHost(<RegistryIcon icons={[{ id: 'a1' }, { id: 'b2' }]} />, host);
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe(PNG));
    expect(calls).toEqual([{ method: 'registryIcon', args: [['a1', 'b2']] }]);

    const none = recordingHost({ registryIcon: () => null });
    const second = renderWithHost(<RegistryIcon icons={[{ id: 'c3' }]} />, none.host);
    await waitFor(() => expect(none.calls).toHaveLength(1));
    expect(second.container.querySelector('img')).toBeNull();
  });

  it('asks nothing for an entry without icons, and shows nothing but an image data: URL', async () => {
    const { host, calls } = recordingHost({ registryIcon: () => 'https://tracker.example/pixel.png' });
    const { container } = renderWithHost(<RegistryIcon icons={[]} />, host);
    expect(calls).toHaveLength(0);
    const other = renderWithHost(<RegistryIcon icons={[{ id: 'x' }]} />, host);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('img')).toBeNull();
    expect(other.container.querySelector('img')).toBeNull();
  });
});
