import { describe, expect, it } from 'vitest';
import type { InstallFieldView } from '../../../shared/host/registryView';
import { fieldPlace, initialTexts, installValues } from './installValues';

const field = (key: string, more: Partial<InstallFieldView> = {}): InstallFieldView => ({
  key,
  label: key.toUpperCase(),
  target: 'env',
  format: 'string',
  required: false,
  secret: false,
  repeated: false,
  ...more,
});

describe('install form values', () => {
  it('starts from the defaults, sends what is filled, a repeated value one per line', () => {
    const fields = [
      field('a', { default: 'x' }),
      field('b'),
      field('c', { repeated: true, target: 'argument' }),
    ];
    const texts = initialTexts(fields);
    expect(texts).toEqual({ a: 'x', b: '', c: '' });
    expect(installValues(fields, texts)).toEqual({ a: 'x' });
    expect(installValues(fields, { ...texts, b: ' kept as typed ', c: 'one\n\ntwo\n' })).toEqual({
      a: 'x',
      b: ' kept as typed ',
      c: ['one', 'two'],
    });
    expect(fieldPlace(fields[0]!)).toBe('environment variable A');
  });
});
