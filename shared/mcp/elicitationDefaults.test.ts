import { describe, expect, it } from 'vitest';
import { applyElicitationDefaults } from './elicitationDefaults';

describe('applyElicitationDefaults', () => {
  const schema = {
    type: 'object' as const,
    properties: {
      name: { type: 'string', default: 'John Doe' },
      age: { type: 'integer', default: 30 },
      verified: { type: 'boolean', default: true },
      tags: { type: 'array', items: { type: 'string' }, default: ['a'] },
      status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
      note: { type: 'string' },
      weird: { type: 'string', default: { nested: true } },
    },
  };

  it('fills every default the answer leaves out, and nothing else', () => {
    expect(applyElicitationDefaults(schema)).toEqual({
      name: 'John Doe',
      age: 30,
      verified: true,
      tags: ['a'],
      status: 'active',
    });
  });

  it('never replaces what the person gave, even a falsy value', () => {
    expect(applyElicitationDefaults(schema, { name: '', verified: false, age: 0 })).toMatchObject({
      name: '',
      verified: false,
      age: 0,
    });
  });
});
