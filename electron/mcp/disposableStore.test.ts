import { describe, expect, it } from 'vitest';
import { DisposableStore } from './disposableStore';

describe('DisposableStore', () => {
  it('disposes disposers and disposables once, in the order they were added', () => {
    const store = new DisposableStore();
    const order: string[] = [];
    store.add(() => order.push('a'));
    store.add({ dispose: () => order.push('b') });
    store.dispose();
    store.dispose();
    expect(order).toEqual(['a', 'b']);
    expect(store.isDisposed).toBe(true);
  });

  it('disposes at once what is added after it was disposed', () => {
    const store = new DisposableStore();
    store.dispose();
    let disposed = 0;
    const item = store.add(() => disposed++);
    expect(disposed).toBe(1);
    expect(typeof item).toBe('function');
  });

  it('delete disposes one item now and never again; clear keeps the store usable', () => {
    const store = new DisposableStore();
    let one = 0;
    let two = 0;
    const first = store.add(() => one++);
    store.delete(first);
    store.delete(first);
    expect(one).toBe(1);
    store.add(() => two++);
    store.clear();
    expect(two).toBe(1);
    expect(store.isDisposed).toBe(false);
    store.add(() => two++);
    store.dispose();
    expect([one, two]).toEqual([1, 2]);
  });

  it('a throwing item does not keep the others alive; its error is thrown after', () => {
    const store = new DisposableStore();
    let after = 0;
    store.add(() => {
      throw new Error('boom');
    });
    store.add(() => after++);
    expect(() => store.dispose()).toThrow('boom');
    expect(after).toBe(1);

    const many = new DisposableStore();
    for (const n of [1, 2])
      many.add(() => {
        throw new Error(`boom ${n}`);
      });
    expect(() => many.dispose()).toThrow(AggregateError);
  });
});
