import { expect, it } from 'vitest';
import { filterItems, type PaletteItem } from './paletteItems';

const item = (label: string, detail?: string): PaletteItem => ({
  key: label,
  group: 'Conversation',
  label,
  ...(detail ? { detail } : {}),
  target: { kind: 'conversation', id: label },
});

it('ranks a name that starts with the words, then a word of the name, then anywhere in it, then the detail', () => {
  const items = [
    item('Ideas', 'about paris'),
    item('A trip to Paris'),
    item('Comparison'),
    item('Paris notes'),
  ];
  expect(filterItems(items, 'par').map((i) => i.label)).toEqual([
    'Paris notes',
    'A trip to Paris',
    'Comparison',
    'Ideas',
  ]);
  // Every word must be there, in any order; case does not matter.
  expect(filterItems(items, 'PARIS trip').map((i) => i.label)).toEqual(['A trip to Paris']);
  expect(filterItems(items, 'nothing')).toEqual([]);
  // Nothing typed: all, in their order, up to the limit.
  expect(filterItems(items, '  ', 2).map((i) => i.label)).toEqual(['Ideas', 'A trip to Paris']);
});
