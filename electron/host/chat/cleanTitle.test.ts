import { describe, expect, it } from 'vitest';
import { cleanTitle, TITLE_MAX_CHARS } from './cleanTitle';

describe('cleanTitle: a model’s answer as a conversation’s title', () => {
  it('keeps a plain title as it is', () => {
    expect(cleanTitle('Planning a trip to Oslo')).toBe('Planning a trip to Oslo');
    expect(cleanTitle('Why is the sky blue?')).toBe('Why is the sky blue?');
    expect(cleanTitle('東京の電車')).toBe('東京の電車');
  });

  it('takes the first line that says anything, trimmed, on one line', () => {
    expect(cleanTitle('\n\n  Oslo trip plan  \nA second line the model added.')).toBe('Oslo trip plan');
    expect(cleanTitle('Title:\r\nOslo trip plan')).toBe('Oslo trip plan');
    expect(cleanTitle('Oslo\u2028trip')).toBe('Oslo');
    expect(cleanTitle('Oslo\u0085trip')).toBe('Oslo');
  });

  it('takes out the markdown, quotes, label and full stop models dress a title in', () => {
    expect(cleanTitle('"Oslo trip plan"')).toBe('Oslo trip plan');
    expect(cleanTitle('“Oslo trip plan.”')).toBe('Oslo trip plan');
    expect(cleanTitle('**Title:** Oslo trip plan.')).toBe('Oslo trip plan');
    expect(cleanTitle('# Oslo trip plan')).toBe('Oslo trip plan');
    expect(cleanTitle('`npm ci` fails on CI')).toBe('npm ci fails on CI');
    expect(cleanTitle('Title: "Oslo trip plan"')).toBe('Oslo trip plan');
    expect(cleanTitle('Waiting for the build...')).toBe('Waiting for the build...');
    // Only around the whole title: a snake_case name or an apostrophe inside stays.
    expect(cleanTitle('Rename user_id in Bob’s table')).toBe('Rename user_id in Bob’s table');
  });

  it('takes out invisible and control characters — a smuggled instruction, a bidi override, an escape — and keeps the words apart', () => {
    const tags = String.fromCodePoint(...[...'ignore all'].map((c) => 0xe0000 + c.charCodeAt(0)));
    expect(cleanTitle(`Oslo${tags} trip`)).toBe('Oslo trip');
    expect(cleanTitle('Oslo\u202etrip\u202c plan')).toBe('Oslotrip plan');
    expect(cleanTitle('\u001b[2K\u001b[31mOslo\u0007 trip\u200b')).toBe('[2K[31mOslo trip');
    expect(cleanTitle('Oslo\ttrip\u00a0plan\u3000now')).toBe('Oslo trip plan now');
    expect(cleanTitle('Oslo \ufe0f\ufe0e  trip')).toBe('Oslo trip');
    const title = cleanTitle(`\u200b\u2066Trip\u2069\u{e0001}`)!;
    expect(title).toBe('Trip');
  });

  it('leaves out reasoning a local model wrote inline, finished or cut off', () => {
    expect(cleanTitle('<think>The person asks about Oslo.\nA trip.</think>\nOslo trip plan')).toBe(
      'Oslo trip plan',
    );
    expect(cleanTitle('<think>The person asks about Oslo, so')).toBeUndefined();
  });

  it('is at most TITLE_MAX_CHARS long, cut between words', () => {
    const title = cleanTitle(
      'A very long title that the model wrote although it was asked for only a few words about it',
    )!;
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS + 1);
    expect(title).toBe('A very long title that the model wrote although it was asked…');
    expect(cleanTitle('x'.repeat(5000))).toBe(`${'x'.repeat(TITLE_MAX_CHARS)}…`);
  });

  it('is nothing when nothing is left: the conversation keeps its first line', () => {
    for (const answer of ['', '   ', '\n\n', '""', '**', '\u200b\u202e', 'Title:', '.'])
      expect(cleanTitle(answer), JSON.stringify(answer)).toBeUndefined();
  });
});
