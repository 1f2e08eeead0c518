import { describe, expect, it } from 'vitest';
import { useApp } from '../../state/store';
import { keepLive, leaveViews, viewsOnScreen } from './liveViews';

describe('liveViews', () => {
  it('leaving tells each View on screen once and waits for it; a View whose card went is not told', async () => {
    const told: string[] = [];
    let answer: () => void = () => {};
    keepLive(
      'a',
      () =>
        new Promise<void>((resolve) => {
          answer = () => {
            told.push('a');
            resolve();
          };
        }),
    );
    const unkeepB = keepLive('b', async () => told.push('b'));
    unkeepB();
    expect(viewsOnScreen()).toBe(true);
    let left = false;
    const leaving = leaveViews().then(() => (left = true));
    await Promise.resolve();
    expect(left).toBe(false);
    answer();
    await leaving;
    expect(told).toEqual(['a']);
    expect(viewsOnScreen()).toBe(false);
    await leaveViews();
    expect(told).toEqual(['a']);
  });

  it('another page waits for the Views on screen to be told; with none it changes at once', async () => {
    useApp.setState({ pane: 'chats' });
    useApp.getState().setPane('logs');
    expect(useApp.getState().pane).toBe('logs');
    let told = false;
    keepLive('v', async () => {
      told = true;
    });
    useApp.getState().setPane('servers');
    expect(useApp.getState().pane).toBe('logs');
    await expect.poll(() => useApp.getState().pane).toBe('servers');
    expect(told).toBe(true);
  });
});
