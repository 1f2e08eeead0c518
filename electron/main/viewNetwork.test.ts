import { describe, expect, it } from 'vitest';
import { guardViewNetwork, VIEW_NETWORK_URLS } from './viewNetwork';

type Listener = (details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void;

/** Electron's session.webRequest, as far as guardViewNetwork uses it: the edge replaced here. */
function guarded(resolveAll: (host: string) => Promise<string[]>) {
  let filter: { urls: string[] } | undefined;
  let listener: Listener | undefined;
  const warned: string[] = [];
  guardViewNetwork(
    {
      onBeforeRequest: (f: { urls: string[] }, l: Listener) => {
        filter = f;
        listener = l;
      },
    } as never,
    resolveAll,
    (line) => warned.push(line),
  );
  const request = (url: string) =>
    new Promise<{ cancel?: boolean }>((resolve) => listener!({ url }, resolve));
  return { filter: () => filter, request, warned };
}

describe('the Electron window’s request hook for server Views (issue 29)', () => {
  it('watches every http, https, ws and wss request of the session', () => {
    const { filter } = guarded(async () => []);
    expect(filter()).toEqual({ urls: VIEW_NETWORK_URLS });
    expect(VIEW_NETWORK_URLS).toEqual(['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*']);
  });

  it('cancels a request whose host resolves to this machine (a name a View declared), saying why; lets a public one through', async () => {
    const answers: Record<string, string[]> = {
      'rebind.example.com': ['127.0.0.1'],
      'api.example.com': ['93.184.216.34'],
    };
    const hook = guarded(async (host) => answers[host] ?? []);
    expect(await hook.request('https://rebind.example.com:4555/secret')).toEqual({ cancel: true });
    expect(await hook.request('wss://rebind.example.com/live')).toEqual({ cancel: true });
    expect(await hook.request('http://[::1]:4555/')).toEqual({ cancel: true });
    expect(await hook.request('https://api.example.com/v1')).toEqual({});
    expect(hook.warned[0]).toBe(
      "A view's request was refused: rebind.example.com resolves to 127.0.0.1, on this machine or its network.",
    );
    expect(hook.warned).toHaveLength(3);
  });

  it('a resolver that fails cancels the request: nothing passes unjudged', async () => {
    const hook = guarded(async () => {
      throw new Error('resolver down');
    });
    expect(await hook.request('https://api.example.com/')).toEqual({ cancel: true });
    expect(hook.warned[0]).toContain('api.example.com could not be resolved');
  });
});
