import { describe, expect, it } from 'vitest';
import { fieldsOf, initialValues, validate } from './restrictedSchema';

const schema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
    ratio: { type: 'number' },
    subscribe: { type: 'boolean', default: true },
    color: {
      type: 'string',
      oneOf: [
        { const: '#f00', title: 'Red' },
        { const: '#0f0', title: 'Green' },
      ],
      default: '#0f0',
    },
    size: { type: 'string', enum: ['s', 'm'], enumNames: ['Small', 'Medium'] },
    tags: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'a', title: 'A' },
          { const: 'b', title: 'B' },
        ],
      },
      minItems: 1,
      maxItems: 1,
    },
    nested: { type: 'object', properties: {} },
  },
  required: ['name', 'email'],
};

describe('restricted schema forms', () => {
  it('reads every kind of field, with titles for enums, and names what it cannot show', () => {
    const { fields, unsupported } = fieldsOf(schema);
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['name', 'text'],
      ['email', 'text'],
      ['site', 'text'],
      ['born', 'text'],
      ['age', 'number'],
      ['ratio', 'number'],
      ['subscribe', 'boolean'],
      ['color', 'select'],
      ['size', 'select'],
      ['tags', 'multi'],
    ]);
    expect(fields.find((f) => f.name === 'size')).toMatchObject({
      options: [
        { value: 's', label: 'Small' },
        { value: 'm', label: 'Medium' },
      ],
    });
    expect(unsupported).toEqual(['nested']);
  });

  it('fills defaults in, and sends typed values without empty optional fields', () => {
    const { fields } = fieldsOf(schema);
    const values = initialValues(fields);
    expect(values).toMatchObject({ age: '30', subscribe: true, color: '#0f0', tags: [] });
    const result = validate(fields, { ...values, name: 'Ada', email: 'ada@example.com', tags: ['b'] });
    expect(result).toEqual({
      ok: true,
      content: {
        name: 'Ada',
        email: 'ada@example.com',
        age: 30,
        subscribe: true,
        color: '#0f0',
        tags: ['b'],
      },
    });
  });

  it('reports each problem by field', () => {
    const { fields } = fieldsOf(schema);
    const result = validate(fields, {
      ...initialValues(fields),
      name: 'A',
      email: 'not-an-email',
      site: 'example.com',
      born: '2024-13-45',
      age: '12.5',
      ratio: 'abc',
      tags: ['a', 'b'],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'At least 2 characters',
        email: 'Enter an email address',
        site: 'Enter a full URI, such as https://example.com',
        born: 'Enter a date (YYYY-MM-DD)',
        age: 'Enter a whole number',
        ratio: 'Enter a number',
        tags: 'Choose at most 1',
      },
    });
    expect(validate(fields, { ...initialValues(fields), email: 'x@y.z' })).toMatchObject({
      ok: false,
      errors: { name: 'Required' },
    });
    expect(
      validate(fields, { ...initialValues(fields), name: 'Ada', email: 'x@y.z', age: '200' }),
    ).toMatchObject({
      errors: { age: 'At most 150' },
    });
  });
});
