// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolRunOutcome, ToolView } from '../../../shared/ipc/catalogContract';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ToolRunner } from './ToolRunner';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const echo: ToolView = {
  name: 'everything__echo',
  server: 'everything',
  tool: 'echo',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  enabled: true,
  alwaysOffer: false,
};

describe('the tool runner', () => {
  it("says its Run is the consent, and shows the tool's own time, not how long the answer took to come back", async () => {
    // The host answers after 400 ms (as if someone had read a dialog meanwhile); the tool took 20 ms.
    const { host, calls } = recordingHost({
      checkToolArguments: () => [],
      runTool: () =>
        new Promise<ToolRunOutcome>((resolve) =>
          setTimeout(
            () =>
              resolve({
                status: 'done',
                result: { content: [{ type: 'text', text: 'Echo: hi' }] },
                durationMs: 20,
              }),
            400,
          ),
        ),
    });
    renderWithHost(<ToolRunner tool={echo} onClose={() => {}} />, host);
    expect(screen.getByText(/Run is your approval/).textContent).toContain('without a second dialog');
    fireEvent.change(screen.getByLabelText(/message/), { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const result = await screen.findByRole('region', { name: 'Result' }, { timeout: 3000 });
    await waitFor(() => expect(result.textContent).toMatch(/^Done in 0\.0 s/));
    expect(calls.find((c) => c.method === 'runTool')?.args.slice(1)).toEqual([
      'everything__echo',
      { message: 'hi' },
    ]);
  });
});
