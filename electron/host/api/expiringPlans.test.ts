import { describe, expect, it } from 'vitest';
import { ExpiringPlans } from './expiringPlans';

describe('ExpiringPlans', () => {
  it('keeps each plan under its own id until it has been untouched for the time given', () => {
    let now = 0;
    const plans = new ExpiringPlans<string>(1000, () => now);
    const a = plans.add('install a');
    const b = plans.add('install b');
    expect(a).not.toBe(b);
    now = 600;
    plans.set(b, 'install b, page 2');
    now = 1001;
    expect(plans.get(a)).toBeUndefined();
    expect(plans.get(b)).toBe('install b, page 2');
    now = 1601;
    expect(plans.get(b)).toBeUndefined();
  });

  it('a plan taken is gone at once', () => {
    const plans = new ExpiringPlans<number>(1000);
    const id = plans.add(1);
    plans.delete(id);
    expect(plans.get(id)).toBeUndefined();
  });
});
