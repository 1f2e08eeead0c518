import { describe, expect, it } from 'vitest';
import { expandTemplate, templateVariables } from './templateVariables';

describe('URI templates', () => {
  it('finds every variable once, whatever its operator or modifier', () => {
    expect(templateVariables('demo://resource/dynamic/text/{resourceId}')).toEqual(['resourceId']);
    expect(templateVariables('file:///{+path}{?q,limit:3}{#frag*}{/a,path}')).toEqual([
      'path',
      'q',
      'limit',
      'frag',
      'a',
    ]);
  });
  it('expands with percent-encoding (a value cannot add path segments unless the template allows it)', () => {
    expect(expandTemplate('demo://r/{id}', { id: '1/../2 x' })).toBe('demo://r/1%2F..%2F2%20x');
    expect(expandTemplate('file:///{+path}', { path: 'a/b c' })).toBe('file:///a/b%20c');
  });
});
