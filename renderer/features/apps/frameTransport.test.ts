// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameTransport } from './frameTransport';

const ORIGIN = 'http://v0123456789abcdef01234567.localhost:5000';
const frameWindow = { postMessage: vi.fn() };
const other = { postMessage: vi.fn() };

function post(data: unknown, source: unknown = frameWindow, origin = ORIGIN) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

let transport: FrameTransport | undefined;
afterEach(async () => {
  await transport?.close();
  frameWindow.postMessage.mockReset();
});

describe('FrameTransport: one View’s frame, and only it', () => {
  it('takes JSON-RPC from the frame’s window on the View’s origin; nothing from another window or origin', async () => {
    const got: unknown[] = [];
    const errors: string[] = [];
    transport = new FrameTransport(
      () => frameWindow as never,
      ORIGIN,
      () => {},
    );
    transport.onmessage = (m) => got.push(m);
    transport.onerror = (e) => errors.push(e.message);
    await transport.start();
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } };
    post(call);
    post(call, other); // another frame (another View, or the View's own inner window around the proxy)
    post(call, frameWindow, 'http://127.0.0.1:5000'); // the right window, a wrong origin
    post({ jsonrpc: '1.0', method: 'x' });
    post('not an object');
    post({ jsonrpc: '2.0', id: 2 }); // neither a request nor an answer
    expect(got).toEqual([call]);
    expect(errors).toHaveLength(3);
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ jsonrpc: '2.0', id: 1, result: {} }, ORIGIN);
  });

  it('a flood is dropped past the rate, and the View is cut off; closed, it hears nothing more', async () => {
    let flooded = 0;
    let got = 0;
    transport = new FrameTransport(
      () => frameWindow as never,
      ORIGIN,
      () => flooded++,
    );
    transport.onmessage = () => got++;
    await transport.start();
    for (let i = 0; i < 10_000; i++) post({ jsonrpc: '2.0', method: 'notifications/message', params: { i } });
    expect(got).toBeLessThanOrEqual(250);
    expect(flooded).toBe(1);
    await transport.close();
    const before = got;
    post({ jsonrpc: '2.0', method: 'ping', id: 9 });
    expect(got).toBe(before);
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
  });
});
