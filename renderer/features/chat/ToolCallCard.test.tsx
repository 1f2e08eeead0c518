// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ToolCallCard } from './ToolCallCard';

describe('ToolCallCard', () => {
  it('shows the model’s tool name and the refusal with hidden characters as markers, labels included', () => {
    const name = 'read\u200Bfile';
    const { container } = render(
      <ToolCallCard
        name={name}
        input={{}}
        record={{
          toolUseId: 't1',
          name,
          argumentsJson: '{}',
          decision: 'refused',
          startedAt: 0,
          endedAt: 1000,
          reason: `There is no tool named ${name}.`,
        }}
      />,
    );
    const card = container.querySelector('details')!;
    expect(card.getAttribute('aria-label')).toBe('Tool call read⟨U+200B ZERO WIDTH SPACE⟩file');
    expect(card.querySelector('.field-error')!.textContent).toBe(
      'There is no tool named read⟨U+200B ZERO WIDTH SPACE⟩file.',
    );
    expect(card.textContent).not.toContain('\u200B');
  });

  it('says it waits for the person while its own consent is open, and runs once answered', () => {
    const consent = {
      id: 'c1',
      kind: 'tool' as const,
      server: { id: 'everything', target: 'x', identity: 'i' },
      createdAt: 0,
      expiresAt: 1e15,
      tool: { name: 'echo' },
      argumentsJson: '{"message":"hi"}',
      conversationId: 'conv-1',
    };
    const tool = (name: string, t: string) => ({
      name,
      server: 'everything',
      tool: t,
      inputSchema: { type: 'object' as const },
      enabled: true,
      alwaysOffer: false,
    });
    useApp.setState({
      open: { id: 'conv-1' } as never,
      catalog: {
        tools: [tool('everything_echo', 'echo'), tool('everything_add', 'add')],
        resources: [],
        templates: [],
        prompts: [],
        skills: [],
        servers: [],
        at: 0,
        run: '',
      },
      consents: [consent],
    });
    const chip = (c: HTMLElement) => c.querySelector('.chip')!.textContent;
    const echo = render(<ToolCallCard name="everything_echo" input={{ message: 'hi' }} />);
    expect(chip(echo.container)).toBe('waiting for your answer');
    // Another call of the same conversation (other tool, or other arguments) is running, not waiting.
    expect(chip(render(<ToolCallCard name="everything_add" input={{ message: 'hi' }} />).container)).toBe(
      'running…',
    );
    expect(chip(render(<ToolCallCard name="everything_echo" input={{ message: 'yo' }} />).container)).toBe(
      'running…',
    );
    act(() => useApp.setState({ consents: [] }));
    expect(chip(echo.container)).toBe('running…');
    // A consent of another conversation is not this card's.
    act(() => useApp.setState({ consents: [{ ...consent, conversationId: 'conv-2' }] }));
    expect(chip(echo.container)).toBe('running…');
  });

  it('labels the progress of a running call with the revealed name', () => {
    const { container } = render(<ToolCallCard name={'go\u2066'} input={{}} />);
    expect(container.querySelector('progress')!.getAttribute('aria-label')).toBe(
      'Progress of go⟨U+2066 LEFT-TO-RIGHT ISOLATE⟩',
    );
  });

  it('a call that ran and failed says so while folded: marked, open, named by server and tool, timed from its sending', () => {
    const { container } = render(
      <ToolCallCard
        name="everything__echo"
        input={{ message: 'x' }}
        record={{
          toolUseId: 't2',
          name: 'everything__echo',
          server: 'everything',
          tool: 'echo',
          argumentsJson: '{"message":"x"}',
          decision: 'allowed',
          startedAt: 10_000,
          endedAt: 10_400,
        }}
        result={{ content: [{ type: 'text', text: 'disk full' }], isError: true }}
      />,
    );
    const card = container.querySelector('details')!;
    expect(card.open).toBe(true);
    expect(card.className).toContain('tool-error');
    expect(card.querySelector('summary')!.textContent).toBe('error everything · echo · 0.4 s');
  });

  it('named by server and tool while it runs too, with its progress counted; a stopped call is stopped, not failed', () => {
    useApp.setState({
      catalog: {
        tools: [
          {
            name: 'everything__echo',
            server: 'everything',
            tool: 'echo',
            inputSchema: { type: 'object' },
            enabled: true,
            alwaysOffer: false,
          },
        ],
        resources: [],
        templates: [],
        prompts: [],
        skills: [],
        servers: [],
        at: 0,
        run: '',
      },
      consents: [],
    });
    const running = render(
      <ToolCallCard
        name="everything__echo"
        input={{}}
        progress={{ progress: 2, total: 6, message: 'fetching' }}
      />,
    );
    expect(running.container.querySelector('summary')!.textContent).toBe('running… everything · echo');
    expect(running.container.querySelector('[data-progress]')!.textContent).toBe('2 of 6 · ');
    const stopped = render(
      <ToolCallCard
        name="everything__echo"
        input={{}}
        record={{
          toolUseId: 't4',
          name: 'everything__echo',
          server: 'everything',
          tool: 'echo',
          argumentsJson: '{}',
          decision: 'stopped',
          reason: 'Cancelled by the person',
          startedAt: 0,
          endedAt: 1500,
        }}
        result={{ content: [{ type: 'text', text: 'Cancelled by the person' }], isError: true }}
      />,
    );
    const card = stopped.container.querySelector('details')!;
    expect(card.className).toBe('tool-card tool-stopped');
    expect(card.querySelector('summary')!.textContent).toBe('stopped everything · echo · 1.5 s');
  });

  it('a refused call shows no running time', () => {
    const { container } = render(
      <ToolCallCard
        name="everything__echo"
        input={{}}
        record={{
          toolUseId: 't3',
          name: 'everything__echo',
          server: 'everything',
          tool: 'echo',
          argumentsJson: '{}',
          decision: 'refused',
          reason: 'The user denied this tool call.',
          startedAt: 0,
          endedAt: 9000,
        }}
      />,
    );
    expect(container.querySelector('summary')!.textContent).toBe('refused everything · echo');
  });

  it('a call with a View asks the host to open it (by conversation and tool use, nothing else); when it cannot, says why and keeps the text result', async () => {
    useApp.setState({ open: { id: 'conv-1' } as never });
    const { host, calls } = recordingHost({
      loadView: () => Promise.reject(new Error('The server apps is not running: its view cannot be shown.')),
    });
    renderWithHost(
      <ToolCallCard
        name="apps__show-panel"
        input={{ topic: 'x' }}
        result={{ content: [{ type: 'text', text: 'panel about x' }] }}
        record={{
          toolUseId: 'toolu_9',
          name: 'apps__show-panel',
          server: 'apps',
          tool: 'show-panel',
          argumentsJson: '{"topic":"x"}',
          decision: 'allowed',
          startedAt: 0,
          endedAt: 10,
          view: { resourceUri: 'ui://panel/view.html' },
        }}
      />,
      host,
    );
    // The View's code is loaded on demand (the app bridge is large): allow for a busy machine.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('apps is not running'), {
      timeout: 10_000,
    });
    expect(calls.filter((c) => c.method === 'loadView')).toEqual([
      { method: 'loadView', args: ['conv-1', 'toolu_9'] },
    ]);
    expect(document.body.textContent).toContain('panel about x');
    expect(document.querySelector('iframe')).toBeNull();
    useApp.setState({ open: undefined });
  });
});
