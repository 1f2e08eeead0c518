import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportFileName';

describe('an export’s file name', () => {
  it('is the title’s words: no JSON punctuation, no path, nothing hidden', () => {
    expect(exportFileName('{"city": "Oslo", "days": [1, 2]}', 'json')).toBe('city Oslo days 1 2.json');
    expect(exportFileName('What is the weather in Oslo?', 'markdown')).toBe('What is the weather in Oslo.md');
    expect(exportFileName('/completable-prompt', 'markdown')).toBe('completable-prompt.md');
    expect(exportFileName('../../etc/passwd', 'json')).toBe('etc passwd.json');
    expect(exportFileName('pay\u202Elapyap\u200B now', 'json')).toBe('pay lapyap now.json');
    expect(exportFileName('Björk’s “Homogenic” — track list', 'markdown')).toBe(
      'Björk’s Homogenic track list.md',
    );
  });

  it('a title with no words is “conversation”; a long one is cut', () => {
    expect(exportFileName('{}: []', 'json')).toBe('conversation.json');
    expect(exportFileName('word '.repeat(40), 'markdown')).toHaveLength(80 + '.md'.length - 1);
  });
});
