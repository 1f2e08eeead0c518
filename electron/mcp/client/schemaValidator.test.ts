import { describe, expect, it } from 'vitest';
import { SchemaValidator } from './schemaValidator';

describe('SchemaValidator', () => {
  it('two schemas with the same $id (two tools, two servers) are each checked by their own rules', () => {
    const validator = new SchemaValidator();
    const text = { $id: 'https://example.test/args', type: 'object', properties: { q: { type: 'string' } } };
    const number = {
      $id: 'https://example.test/args',
      type: 'object',
      properties: { q: { type: 'number' } },
    };
    const nested = {
      type: 'object',
      properties: { q: { $ref: 'https://example.test/args' } },
      $defs: { a: { $id: 'https://example.test/args', type: 'boolean' } },
    };
    expect(validator.check(text, { q: 'x' })).toEqual({ valid: true, errors: [] });
    expect(validator.check(number, { q: 1 })).toEqual({ valid: true, errors: [] });
    expect(validator.check(number, { q: 'x' }).errors).toEqual(['/q must be number']);
    expect(validator.check(nested, { q: true })).toEqual({ valid: true, errors: [] });
    expect(validator.check(nested, { q: 1 }).errors).toEqual(['/q must be boolean']);
    expect(validator.check(text, { q: 1 }).errors).toEqual(['/q must be string']);
  });

  it("a $ref never resolves to another schema's $id, whatever was checked before", () => {
    const validator = new SchemaValidator();
    const pointing = { type: 'object', properties: { q: { $ref: 'https://a.example/s.json' } } };
    const alone = validator.check(pointing, { q: 1 }).errors[0];
    expect(alone).toMatch(/^invalid schema: .*can't resolve reference/);
    const other = new SchemaValidator();
    other.check({ $id: 'https://a.example/s.json', type: 'string' }, 'x');
    expect(other.check(pointing, { q: 1 }).errors[0]).toMatch(/^invalid schema: .*can't resolve reference/);
  });

  it('keeps working past its cache bound: a schema with an $id compiled again after the cache was dropped', () => {
    const validator = new SchemaValidator();
    // As each listing parses it: a new object every time.
    const withId = () => ({ $id: 'https://example.test/first', type: 'string' });
    expect(validator.check(withId(), 'a').valid).toBe(true);
    for (let i = 0; i < 600; i++) validator.check({ type: 'string', minLength: i }, 'x'.repeat(i));
    expect(validator.check(withId(), 'a').valid).toBe(true);
    expect(validator.check(withId(), 1).errors).toEqual(['(root) must be string']);
  });

  it('a schema that is itself unusable, or of another dialect, is an error that says so', () => {
    const validator = new SchemaValidator();
    const twice = {
      type: 'object',
      $defs: { a: { $id: 'https://example.test/d', type: 'string' }, b: { $id: 'https://example.test/d' } },
    };
    expect(validator.check(twice, {}).errors[0]).toMatch(/^invalid schema: /);
    expect(validator.check({ $schema: 'http://json-schema.org/draft-04/schema#' }, {}).errors).toEqual([
      'invalid schema: unsupported JSON Schema dialect "http://json-schema.org/draft-04/schema#" (supported: 2020-12, draft-07)',
    ]);
  });
});
