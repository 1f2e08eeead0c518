import { describe, expect, it } from 'vitest';
import { chooseModel, tierFor } from './modelChoice';

const available = ['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-haiku-5-5', 'claude-sonnet-4-5'];

describe('chooseModel', () => {
  it('the person’s choice wins over everything', () => {
    expect(chooseModel({ hints: [{ name: 'haiku' }] }, available, 'x', 'claude-opus-5-5')).toBe(
      'claude-opus-5-5',
    );
  });
  it('takes the first hint that matches an available model as a substring', () => {
    expect(
      chooseModel({ hints: [{ name: 'gpt-5' }, { name: 'sonnet' }, { name: 'haiku' }] }, available, 'x'),
    ).toBe('claude-sonnet-5-5');
    expect(chooseModel({ hints: [{ name: 'SONNET-4' }] }, available, 'x')).toBe('claude-sonnet-4-5');
  });
  it('maps priorities to a tier when no hint matches, else uses the default', () => {
    expect(chooseModel({ hints: [{ name: 'gemini' }], intelligencePriority: 0.9 }, available, 'x')).toBe(
      'claude-opus-5-5',
    );
    expect(chooseModel({ speedPriority: 0.8, intelligencePriority: 0.2 }, available, 'x')).toBe(
      'claude-haiku-5-5',
    );
    expect(chooseModel({ costPriority: 0.5, intelligencePriority: 0.5 }, available, 'x')).toBe(
      'claude-sonnet-5-5',
    );
    expect(chooseModel(undefined, available, 'default-model')).toBe('default-model');
    expect(chooseModel({ intelligencePriority: 1 }, ['other'], 'default-model')).toBe('default-model');
  });
  it('tiers', () => {
    expect(tierFor({})).toBeUndefined();
    expect(tierFor({ costPriority: 1 })).toBe('haiku');
    expect(tierFor({ intelligencePriority: 0.7, speedPriority: 0.7 })).toBe('sonnet');
  });
});
