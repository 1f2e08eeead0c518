import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { nextConsent } from '../../../e2e/fixtures/nextConsent';
import type { ActivityEntry } from '../../../shared/host/activity';
import type { SamplingConsentRequest, SamplingResultConsentRequest } from '../../../shared/host/consent';
import { parseCall } from '../../../shared/ipc/contract';
import type { CreateMessageParams, CreateMessageResult } from '../../../shared/mcp/protocol';
import { readActivity } from '../activity/activityReader';
import type { Host } from '../host';
import { type HostService, hostService } from '../hostService';

const env = withHostAndModel('sb-sampling-edited-', 'sk-ant-sampling-edited-2b7c');

/**
 * What the page sends back when the person approves: its dialogs rebuild the request and the answer
 * from their fields (SamplingConsentDialog, SamplingResultDialog), and the shell checks the call
 * against the contract (`parseCall`), which writes the keys in its own order — the same content,
 * not the same object nor the same key order.
 */
function asThePageSends(service: HostService, id: string, answer: unknown) {
  const call = parseCall('answerConsent', [id, JSON.parse(JSON.stringify(answer))]);
  if (!call.ok) throw new Error(call.error);
  return service.invoke(call.method, call.args);
}

const requestFrom = (params: CreateMessageParams, text?: string): CreateMessageParams => ({
  ...params,
  maxTokens: params.maxTokens,
  messages: params.messages.map((m) => ({
    ...m,
    content:
      text !== undefined && !Array.isArray(m.content) && m.content.type === 'text'
        ? { ...m.content, text }
        : m.content,
  })),
});
const resultFrom = (result: CreateMessageResult, text?: string): CreateMessageResult => ({
  ...result,
  content:
    text !== undefined && !Array.isArray(result.content) && result.content.type === 'text'
      ? { ...result.content, text }
      : result.content,
});

async function sampled(h: Host, edits: { request?: string; result?: string }) {
  const service = hostService(h);
  try {
    env.fake.script({ content: [{ type: 'text', text: 'The model says hi.' }] });
    const call = h.registry.get('everything')!.callTool('trigger-sampling-request', {
      prompt: 'Say hi',
      maxTokens: 50,
    });
    const asked = (await nextConsent(h, 'sampling')) as SamplingConsentRequest;
    await asThePageSends(service, asked.id, {
      kind: 'sampling',
      approve: true,
      params: requestFrom(asked.params, edits.request),
    });
    const review = (await nextConsent(h, 'sampling-result')) as SamplingResultConsentRequest;
    await asThePageSends(service, review.id, {
      kind: 'sampling-result',
      approve: true,
      result: resultFrom(review.result, edits.result),
    });
    await call;
    await h.activity.flush();
    const { entries } = await readActivity(path.join(env.home, 'activity'));
    const sampling = entries.filter(
      (e): e is Extract<ActivityEntry, { kind: 'sampling' }> => e.kind === 'sampling',
    );
    return sampling.at(-1)!;
  } finally {
    service.dispose();
  }
}

/**
 * Issue 47, item 11: whether the person edited a sampling request or the model's answer is told by
 * their content (canonical JSON), not by object identity or key order — through the page's own
 * answers, the contract and the consent broker, server-everything asking and the fake model API.
 */
describe('a sampling request in the record: what the person edited', () => {
  it('nothing edited: neither the request nor the answer is said to be', async () => {
    const h = await env.start({ settings: { sampling: { maxTokensCap: 100, perServerPerMinute: 10 } } });
    expect(await sampled(h, {})).toMatchObject({
      decision: 'approved',
      outcome: 'ok',
      edited: { request: false, result: false },
    });
  });

  it('only the request edited', async () => {
    const h = await env.start({ settings: { sampling: { maxTokensCap: 100, perServerPerMinute: 10 } } });
    const entry = await sampled(h, { request: 'Say hello instead' });
    expect(entry.edited).toEqual({ request: true, result: false });
    expect(JSON.stringify(entry.request.messages)).toContain('Say hello instead');
  });

  it('only the answer edited', async () => {
    const h = await env.start({ settings: { sampling: { maxTokensCap: 100, perServerPerMinute: 10 } } });
    expect((await sampled(h, { result: 'Edited by the person.' })).edited).toEqual({
      request: false,
      result: true,
    });
  });
});
