import type { Message } from '@anthropic-ai/sdk/resources/messages/messages';
import { describe, expect, it } from 'vitest';
import { fromAnthropicMessage, toAnthropicRequest } from './anthropicSampling';

describe('sampling bridge mapping', () => {
  it('maps a sampling request with tools, tool uses and results, images and audio to the Messages API', () => {
    const request = toAnthropicRequest(
      {
        maxTokens: 9000,
        systemPrompt: 'Be exact.',
        stopSequences: ['END'],
        temperature: 0.3,
        tools: [
          {
            name: 'lookup',
            description: 'Looks up',
            inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
          },
        ],
        toolChoice: { mode: 'required' },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'find x' },
              { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            ],
          },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'lookup', input: { q: 'x' } }] },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                toolUseId: 'u1',
                content: [{ type: 'text', text: 'x is 1' }],
                isError: true,
              },
              { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
            ],
          },
        ],
      },
      'claude-sonnet-5-5',
    );
    expect(request).toEqual({
      model: 'claude-sonnet-5-5',
      max_tokens: 9000, // capped before it gets here (sampleWithProvider)
      system: 'Be exact.',
      stop_sequences: ['END'],
      tools: [
        {
          name: 'lookup',
          description: 'Looks up',
          input_schema: { type: 'object', properties: { q: { type: 'string' } } },
        },
      ],
      tool_choice: { type: 'any' },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'find x' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'lookup', input: { q: 'x' } }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'u1',
              content: [{ type: 'text', text: 'x is 1' }],
              is_error: true,
            },
            { type: 'text', text: '[audio of type audio/wav, 3 bytes: the model cannot hear it]' },
          ],
        },
      ],
    });
  });

  it('maps the reply back: text and tool uses, stop reasons in MCP terms, one block as an object', () => {
    const base = {
      id: 'm',
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-5-5',
      stop_sequence: null,
      usage: {},
    } as unknown as Message;
    expect(
      fromAnthropicMessage({
        ...base,
        content: [{ type: 'text', text: 'hi', citations: null }],
        stop_reason: 'end_turn',
      } as Message),
    ).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'claude-haiku-5-5',
      stopReason: 'endTurn',
    });
    expect(
      fromAnthropicMessage({
        ...base,
        content: [
          { type: 'text', text: 'checking', citations: null },
          { type: 'tool_use', id: 'u2', name: 'lookup', input: { q: 'y' } },
        ],
        stop_reason: 'tool_use',
      } as Message),
    ).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'checking' },
        { type: 'tool_use', id: 'u2', name: 'lookup', input: { q: 'y' } },
      ],
      model: 'claude-haiku-5-5',
      stopReason: 'toolUse',
    });
  });
});
