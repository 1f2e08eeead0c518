// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  ElicitationConsentRequest,
  SamplingConsentRequest,
  SamplingResultConsentRequest,
  ToolConsentRequest,
} from '../../../shared/host/consent';
import type { ElicitFormParams } from '../../../shared/mcp/protocol';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ConsentHost } from './ConsentHost';
import { ElicitationFormDialog } from './ElicitationFormDialog';
import { SamplingConsentDialog } from './SamplingConsentDialog';
import { SamplingResultDialog } from './SamplingResultDialog';
import { ToolConsentDialog } from './ToolConsentDialog';

const server = { id: 'weather', target: 'node weather.js', identity: 'abc123' };
const base = {
  id: '0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69',
  server,
  createdAt: 0,
  expiresAt: Date.now() + 60_000,
};
const pressEscape = () =>
  fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));

/** The models the dialog's model field offers (the list under it once it has the focus), in order. */
const modelsOffered = (container: HTMLElement) => {
  const box = container.querySelector<HTMLInputElement>('#sampling-model')!;
  if (document.activeElement !== box) {
    box.focus();
    fireEvent.focus(box);
  }
  return Array.from(container.querySelectorAll('.model-input [role=option]'), (o) => o.textContent);
};

describe('ToolConsentDialog', () => {
  const request: ToolConsentRequest = {
    ...base,
    kind: 'tool',
    tool: {
      name: 'forecast',
      title: 'Forecast',
      description: 'Gets the forecast\u202E.exe',
      annotations: { readOnlyHint: true },
    },
    argumentsJson: '{"city":"Paris","days":3}',
  };

  it('shows who asks, the exact arguments, hints as unverified, and hidden characters as markers', () => {
    renderWithHost(<ToolConsentDialog request={request} answer={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Run Forecast? Tool call from weather' });
    expect(dialog.textContent).toContain('weather');
    expect(screen.getByRole('region', { name: 'Arguments' }).textContent).toBe(
      '{\n  "city": "Paris",\n  "days": 3\n}',
    );
    expect(dialog.textContent).toContain('The server says (unverified hints): read-only');
    expect(dialog.textContent).toContain('⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩');
    expect(dialog.textContent).not.toContain('\u202E');
    // No conversation, so no "this conversation" choice.
    expect(screen.queryByRole('button', { name: 'Allow in this conversation' })).toBeNull();
  });

  it('Escape denies; each button sends its decision', () => {
    const answer = vi.fn();
    renderWithHost(<ToolConsentDialog request={{ ...request, conversationId: 'c1' }} answer={answer} />);
    pressEscape();
    fireEvent.click(screen.getByRole('button', { name: 'Allow in this conversation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Always allow this tool' }));
    expect(answer.mock.calls).toEqual([['deny'], ['allow-conversation'], ['always-tool']]);
  });

  it('asked again after a lost answer: says it may already have run, and offers only Deny and Allow once', () => {
    const answer = vi.fn();
    renderWithHost(
      <ToolConsentDialog
        request={{ ...request, conversationId: 'c1', again: 'connection-lost' }}
        answer={answer}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Run Forecast? Tool call from weather' });
    expect(dialog.querySelector('h2, h1, .modal-title')?.textContent ?? dialog.textContent).toContain(
      'Run again',
    );
    expect(screen.getByRole('alert').textContent).toContain('It may already have run');
    expect(
      screen
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) => /Allow|Deny/.test(t ?? '')),
    ).toEqual(['Deny', 'Allow once']);
    fireEvent.click(screen.getByRole('button', { name: 'Allow once' }));
    expect(answer.mock.calls).toEqual([['allow-once']]);
  });
  it('asked by a server’s View: says so (not the model), names the View’s tool, and is labelled as the view’s', () => {
    renderWithHost(
      <ToolConsentDialog
        request={{ ...request, conversationId: 'c1', fromView: 'show\u200Bpanel' }}
        answer={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: "Run Forecast? Tool call from weather's view" });
    const banner = dialog.querySelector('[data-from-view]')!;
    expect(banner.textContent).toContain('Asked by the view of show⟨U+200B ZERO WIDTH SPACE⟩panel');
    expect(banner.textContent).toContain('not by the model');
  });
});

describe('ElicitationFormDialog', () => {
  const params: ElicitFormParams = {
    message: 'Where should we ship it?',
    requestedSchema: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', title: 'Email' },
        copies: { type: 'integer', minimum: 1, maximum: 5, default: 1, title: 'Copies' },
        express: { type: 'boolean', title: 'Express' },
        size: {
          type: 'string',
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
          default: 'l',
          title: 'Size',
        },
      },
      required: ['email'],
    },
  };
  const request: ElicitationConsentRequest = { ...base, kind: 'elicitation', params };

  it('pre-fills defaults, refuses to send until the form is valid, then sends the typed values', () => {
    const answer = vi.fn();
    renderWithHost(<ElicitationFormDialog request={request} params={params} answer={answer} />);
    expect((screen.getByLabelText('Copies') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Size') as HTMLSelectElement).value).toBe('l');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(answer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Required');
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'not an email' } });
    fireEvent.change(screen.getByLabelText('Copies'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Enter an email address',
      'At most 5',
    ]);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Copies'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Express'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(answer).toHaveBeenCalledWith({
      action: 'accept',
      content: { email: 'ada@example.com', copies: 2, express: true, size: 'l' },
    });
  });

  it('names the fields it cannot show with their hidden characters as markers', () => {
    const odd: ElicitFormParams = {
      message: 'More',
      requestedSchema: {
        type: 'object',
        properties: { 'pass\u200Bword': { type: 'object' } as never },
      },
    };
    renderWithHost(
      <ElicitationFormDialog request={{ ...request, params: odd }} params={odd} answer={() => {}} />,
    );
    expect(screen.getByText(/cannot show/).textContent).toContain('pass⟨U+200B ZERO WIDTH SPACE⟩word');
  });

  it('a message with controls, lone surrogates and line separators shows each as a marker, never raw', () => {
    const odd: ElicitFormParams = { ...params, message: 'Ship\u0000 it\u0007 to\uD800 you\u2028now' };
    renderWithHost(
      <ElicitationFormDialog request={{ ...request, params: odd }} params={odd} answer={() => {}} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      'Ship⟨U+0000 CONTROL ^@⟩ it⟨U+0007 CONTROL ^G⟩ to⟨U+D800 LONE SURROGATE⟩ you⟨U+2028 LINE SEPARATOR⟩now',
    );
    for (const raw of ['\u0000', '\u0007', '\uD800', '\u2028']) expect(dialog.textContent).not.toContain(raw);
  });

  it('decline and cancel send no content; Escape cancels', () => {
    const answer = vi.fn();
    renderWithHost(<ElicitationFormDialog request={request} params={params} answer={answer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    pressEscape();
    expect(answer.mock.calls).toEqual([
      [{ action: 'decline' }],
      [{ action: 'cancel' }],
      [{ action: 'cancel' }],
    ]);
  });
});

describe('SamplingConsentDialog', () => {
  const request: SamplingConsentRequest = {
    ...base,
    kind: 'sampling',
    params: {
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise\u200B this' } }],
      systemPrompt: 'You are terse.',
      maxTokens: 100,
      modelPreferences: { hints: [{ name: 'claude-haiku' }], speedPriority: 0.9 },
    },
  };

  it('explains the preferences, shows hidden characters, and sends the edited request and chosen model', () => {
    const approve = vi.fn();
    renderWithHost(<SamplingConsentDialog request={request} approve={approve} reject={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Sampling request from weather' });
    expect(dialog.textContent).toContain('Suggested models, in order: claude-haiku');
    expect(dialog.textContent).toContain('Speed matters a lot (0.9).');
    expect(dialog.textContent).toContain('⟨U+200B ZERO WIDTH SPACE⟩');
    fireEvent.change(screen.getByLabelText('System prompt'), { target: { value: 'Be kind.' } });
    fireEvent.change(screen.getByLabelText('Message 1 (user)'), { target: { value: 'Summarise this' } });
    fireEvent.change(screen.getByLabelText('Max tokens'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Use model'), { target: { value: 'claude-sonnet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the model' }));
    expect(approve).toHaveBeenCalledWith(
      {
        ...request.params,
        systemPrompt: 'Be kind.',
        maxTokens: 50,
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarise this' } }],
      },
      { model: 'claude-sonnet' },
    );
  });

  it('the person can pick another provider (each listed with whether it can be asked) and one of its models', async () => {
    const approve = vi.fn();
    const { host, calls } = recordingHost({
      getSettings: () => ({
        providers: [
          { id: 'anthropic', name: 'Anthropic', hasKey: true, local: false },
          { id: 'ollama', name: 'Ollama', hasKey: false, local: true },
          { id: 'openai', name: 'OpenAI', hasKey: false, local: false },
        ],
      }),
      listModels: (id) => ({ models: id === 'ollama' ? ['qwen3:8b'] : ['claude-opus-5-5'], source: 'api' }),
    });
    const { container } = renderWithHost(
      <SamplingConsentDialog request={request} approve={approve} reject={() => {}} />,
      host,
    );
    const select = (await screen.findByLabelText('Provider')) as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
        'Chosen from the server’s preferences',
        'Anthropic',
        'Ollama',
        'OpenAI (no key)',
      ]),
    );
    fireEvent.change(select, { target: { value: 'ollama' } });
    await waitFor(() => expect(modelsOffered(container)).toEqual(['claude-haiku', 'qwen3:8b']));
    expect(calls.filter((c) => c.method === 'listModels').map((c) => c.args)).toEqual([['ollama']]);
    fireEvent.change(screen.getByLabelText('Use model'), { target: { value: 'qwen3:8b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the model' }));
    expect(approve.mock.calls[0]![1]).toEqual({ provider: 'ollama', model: 'qwen3:8b' });
  });

  it('left at the default provider, the models offered are the default provider’s (found by a review)', async () => {
    const { host, calls } = recordingHost({
      getSettings: () => ({
        settings: { defaultProvider: 'ollama' },
        providers: [
          { id: 'anthropic', name: 'Anthropic', hasKey: true, local: false },
          { id: 'ollama', name: 'Ollama', hasKey: false, local: true },
        ],
      }),
      listModels: (id) => ({ models: id === 'ollama' ? ['qwen3:8b'] : ['claude-opus-5-5'], source: 'api' }),
    });
    const { container } = renderWithHost(
      <SamplingConsentDialog request={request} approve={() => {}} reject={() => {}} />,
      host,
    );
    await waitFor(() => expect(modelsOffered(container)).toEqual(['claude-haiku', 'qwen3:8b']));
    expect(calls.filter((c) => c.method === 'listModels').map((c) => c.args)).toEqual([['ollama']]);
  });

  it('offers the server’s hints first, then the models the API lists', async () => {
    const { host } = recordingHost({
      getSettings: () => ({
        providers: [{ id: 'anthropic', name: 'Anthropic', hasKey: true, local: false }],
      }),
      listModels: () => ({ models: ['claude-opus-5-5', 'claude-haiku'], source: 'api' }),
    });
    const { container } = renderWithHost(
      <SamplingConsentDialog request={request} approve={() => {}} reject={() => {}} />,
      host,
    );
    await waitFor(() => expect(modelsOffered(container)).toEqual(['claude-haiku', 'claude-opus-5-5']));
  });

  it('Escape rejects; a bad maxTokens cannot be sent', () => {
    const reject = vi.fn();
    renderWithHost(<SamplingConsentDialog request={request} approve={() => {}} reject={reject} />);
    fireEvent.change(screen.getByLabelText('Max tokens'), { target: { value: '0' } });
    expect((screen.getByRole('button', { name: 'Send to the model' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    pressEscape();
    expect(reject).toHaveBeenCalledOnce();
  });
});

describe('SamplingResultDialog', () => {
  it('says why the model stopped in words, not as the protocol spells it', () => {
    const request: SamplingResultConsentRequest = {
      ...base,
      kind: 'sampling-result',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
      result: {
        role: 'assistant',
        content: { type: 'text', text: 'Hello.' },
        model: 'claude-x',
        stopReason: 'endTurn',
      },
    };
    renderWithHost(<SamplingResultDialog request={request} approve={() => {}} reject={() => {}} />);
    expect(screen.getByText(/claude-x · finished its answer/)).toBeTruthy();
    expect(screen.queryByText(/endTurn/)).toBeNull();
  });
});

describe('ConsentHost', () => {
  const first: ToolConsentRequest = {
    ...base,
    kind: 'tool',
    tool: { name: 'forecast', title: 'Forecast' },
    argumentsJson: '{"city":"Paris"}',
  };
  const second: ToolConsentRequest = {
    ...first,
    id: '1c1f4d2b-8e4d-4b4f-8b8f-3a2e4d5c6b70',
    tool: { name: 'alerts', title: 'Alerts' },
  };

  it('an answered request takes no second answer while the host has not yet taken it away', async () => {
    // Found by the chat e2e's two parallel calls: the second "Allow once" came before the first
    // dialog went, and answered the first again ("no pending consent") — the second call waited on.
    useApp.setState({ consents: [first, second] });
    const { host, calls } = recordingHost({ answerConsent: async () => undefined });
    renderWithHost(<ConsentHost />, host);
    const allow = () => screen.getByRole('button', { name: 'Allow once' });
    fireEvent.click(allow());
    fireEvent.click(allow());
    await waitFor(() => expect(calls.filter((c) => c.method === 'answerConsent')).toHaveLength(1));
    expect((allow().closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    // The host takes it away: the next one shows, and takes its own answer.
    act(() => useApp.setState({ consents: [second] }));
    expect(screen.getByRole('dialog').getAttribute('aria-label')).toMatch(/^Run Alerts\?/);
    expect((allow().closest('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
    fireEvent.click(allow());
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'answerConsent').map((c) => c.args[0])).toEqual([
        first.id,
        second.id,
      ]),
    );
    act(() => useApp.setState(useApp.getInitialState(), true));
  });
});
