import { describe, expect, it } from 'vitest';
import type { ChatBlock, ChatMessage } from '../../../shared/chat/conversation';
import { isHostTitle, shouldTitle, type TitleQuestion } from './titleDecision';

let n = 0;
const message = (role: ChatMessage['role'], blocks: ChatBlock[], model?: string): ChatMessage => ({
  id: `m${++n}`,
  role,
  blocks,
  at: n,
  ...(model ? { model } : {}),
});
const person = (text: string) => message('user', [{ type: 'text', text }]);
const reply = (text: string) => message('assistant', [{ type: 'text', text }], 'claude-sonnet-5-5');
const toolUse = () =>
  message('assistant', [{ type: 'tool_use', id: 'u1', name: 'everything__echo', input: {} }], 'm');
const toolResult = () =>
  message('user', [
    { type: 'tool_result', toolUseId: 'u1', result: { content: [{ type: 'text', text: 'x' }] } },
  ]);

const question = (over: Partial<TitleQuestion> = {}): TitleQuestion => ({
  enabled: true,
  outcome: 'replied',
  title: 'Plan a trip to Oslo',
  questions: 1,
  opening: [person('Plan a trip to Oslo\nin May, by train'), reply('Here is a plan.')],
  ...over,
});

describe('shouldTitle: the model is asked for a title once, after the first reply', () => {
  it('asks after the first reply of a conversation named after its first line', () => {
    expect(shouldTitle(question())).toBe(true);
  });

  it('asks after a first reply with tool steps (one answer, several messages)', () => {
    const opening = [person('Plan a trip to Oslo'), toolUse(), toolResult(), reply('Done.')];
    expect(shouldTitle(question({ opening }))).toBe(true);
  });

  it('does not ask when the setting is off', () => {
    expect(shouldTitle(question({ enabled: false }))).toBe(false);
  });

  it('does not ask after a stopped or failed turn (no exchange to name)', () => {
    expect(shouldTitle(question({ outcome: 'stopped' }))).toBe(false);
    expect(shouldTitle(question({ outcome: 'failed' }))).toBe(false);
  });

  it('is cancelled with a stopped first turn: what it wrote before the Stop was its first reply', () => {
    const cut = { ...reply('Here is a pl'), stopReason: 'stopped' };
    const opening = [person('Plan a trip to Oslo'), cut, person('Again, shorter'), reply('Plan.')];
    expect(shouldTitle(question({ questions: 2, opening }))).toBe(false);
  });

  it('does not ask after a later turn: the person wrote since the model first answered', () => {
    const opening = [
      person('Plan a trip to Oslo'),
      reply('Here is a plan.'),
      person('And back?'),
      reply('Yes.'),
    ];
    expect(shouldTitle(question({ questions: 2, opening }))).toBe(false);
    // Even when only the opening was read: the count of the person's messages says there were more.
    expect(shouldTitle(question({ questions: 3 }))).toBe(false);
  });

  it('does not ask before any reply of the model, or past an opening longer than what was read', () => {
    expect(shouldTitle(question({ opening: [person('Plan a trip to Oslo')] }))).toBe(false);
    expect(shouldTitle(question({ opening: [] }))).toBe(false);
  });

  it('does not ask once the person renamed it: their name is never replaced', () => {
    expect(shouldTitle(question({ title: 'Oslo, May' }))).toBe(false);
  });

  it('asks for a conversation begun with a server’s prompt (its assistant messages are not the model’s)', () => {
    const opening = [
      person('You review code.'),
      message('assistant', [{ type: 'text', text: 'Send me the diff.' }]),
      person('Here it is'),
      reply('Looks fine.'),
    ];
    expect(shouldTitle(question({ title: '/code_review', questions: 2, opening }))).toBe(true);
  });
});

describe('isHostTitle: a name the host gave, not the person', () => {
  it('is "New conversation", the first line of the person’s own words as sent, or a prompt’s name', () => {
    const long = 'Please summarise the quarterly infrastructure report for the northern region teams';
    expect(isHostTitle('New conversation', [])).toBe(true);
    expect(isHostTitle('/summarise', [])).toBe(true);
    expect(isHostTitle('Please summarise the quarterly infrastructure report for the…', [person(long)])).toBe(
      true,
    );
    expect(isHostTitle('Hello', [person('  Hello  \nthere')])).toBe(true);
  });

  it('reads the person’s words, not what they attached', () => {
    const attached = message('user', [
      { type: 'text', text: 'RESOURCE BODY', attachment: { server: 's', uri: 'file:///a.txt' } },
      { type: 'text', text: 'Summarise this' },
    ]);
    expect(isHostTitle('Summarise this', [attached])).toBe(true);
    expect(isHostTitle('RESOURCE BODY', [attached])).toBe(false);
  });

  it('is not a title the person gave', () => {
    expect(isHostTitle('My trip', [person('Plan a trip to Oslo')])).toBe(false);
    expect(isHostTitle('a / b', [])).toBe(false);
  });
});
