import { expect, it } from 'vitest';
import { filterItems, type PaletteItem, paletteItems } from './paletteItems';

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

it('offers the newest conversations first, then the actions, the other conversations, servers and tools', () => {
  const conversations = Array.from({ length: 7 }, (_, i) => ({
    id: `c${i}`,
    title: `Chat ${i}`,
    createdAt: 0,
    updatedAt: 0,
    messageCount: 4,
    turns: { questions: 1, answers: 1 },
  }));
  const servers = [{ id: 'everything', state: { status: 'running' } }] as never[];
  const tools = [{ name: 'everything__echo', server: 'everything', tool: 'echo', title: 'Echo' }] as never[];
  const items = paletteItems(conversations, servers, tools);
  const groups = items.map((i) => i.group);
  expect(groups.slice(0, 5)).toEqual(Array(5).fill('Conversation'));
  expect(groups[5]).toBe('Action');
  // Counted as a person counts (a question, its answer), not as API messages (tool steps included).
  expect(items[0]!.detail).toBe('1 question, 1 answer');
  expect(items.filter((i) => i.group === 'Conversation').map((i) => i.label)).toEqual(
    conversations.map((c) => c.title),
  );
  expect(items.at(-2)).toMatchObject({ group: 'Server', label: 'everything', detail: 'running' });
  expect(items.at(-1)).toMatchObject({ group: 'Tool', label: 'everything · Echo' });
  // The palette does not offer itself.
  expect(items.some((i) => i.target.kind === 'action' && i.target.id === 'palette')).toBe(false);
});
