import { expect, it } from 'vitest';
import type { HostEvent } from '../../shared/ipc/contract';
import type { HostConnection } from '../hostClient';
import { bindStore, useApp } from './store';

it('a link the system opens while the app is up shows its preview on Servers, leaving a waiting consent where it is', () => {
  let deliver: ((e: HostEvent) => void) | undefined;
  const host: HostConnection = {
    call: (async () => undefined) as HostConnection['call'],
    onEvent: (listener) => {
      deliver = listener;
      return () => {};
    },
    onStatus: () => () => {},
  };
  const unbind = bindStore(host);
  try {
    const waiting = [{ id: 'c1' }] as unknown as ReturnType<typeof useApp.getState>['consents'];
    useApp.setState({ pane: 'chats', consents: waiting });
    deliver!({
      event: 'installLinkOpened',
      payload: { link: 'switchboard://install?registry=io.github.a%2Fb' },
    });
    expect(useApp.getState().pane).toBe('servers');
    expect(useApp.getState().openedLink).toBe('switchboard://install?registry=io.github.a%2Fb');
    expect(useApp.getState().consents).toBe(waiting);
  } finally {
    unbind();
  }
});
