// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../shared/chat/conversation';
import { useApp } from '../../state/store';
import '../../test/render';
import { MessageView } from './MessageView';

const message: ChatMessage = {
  id: 'm1',
  role: 'user',
  blocks: [{ type: 'text', text: 'What is the weather?' }],
  at: 0,
};

afterEach(() => useApp.setState(useApp.getInitialState(), true));

describe('editing a message of yours', () => {
  it('what is written in the edit box outlives its row (scrolled away, another conversation looked at)', () => {
    const row = () => (
      <MessageView item={{ key: 'm1', message, calls: [] }} onEdit={vi.fn()} canEdit={true} />
    );
    const first = render(row());
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit your message' }), {
      target: { value: 'A long rewrite, half done' },
    });
    // The virtual list lets go of the row…
    first.unmount();
    // …and makes it again when it is scrolled back: the edit is where it was.
    render(row());
    expect((screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement).value).toBe(
      'A long rewrite, half done',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull();
    expect(useApp.getState().edits).toEqual({});
  });

  it('the edit box stays, with what was written, until the host takes the edit', async () => {
    const onEdit = vi.fn().mockResolvedValueOnce(undefined).mockResolvedValueOnce(true);
    render(<MessageView item={{ key: 'm1', message, calls: [] }} onEdit={onEdit} canEdit={true} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'What is the weather in Oslo tomorrow, hour by hour?' } });
    // Refused (a reply still running, the host gone): nothing written is lost.
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect((screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement).value).toBe(
      'What is the weather in Oslo tomorrow, hour by hour?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull());
    expect(onEdit).toHaveBeenLastCalledWith(message, 'What is the weather in Oslo tomorrow, hour by hour?');
  });

  it('Enter sends the edit (without the newline at its end), Shift+Enter is a new line, an IME Enter is the IME’s', async () => {
    const onEdit = vi.fn().mockResolvedValue(true);
    render(<MessageView item={{ key: 'm1', message, calls: [] }} onEdit={onEdit} canEdit={true} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'First line' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(onEdit).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'First line\nsecond line\n\n' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onEdit).toHaveBeenCalledWith(message, 'First line\nsecond line'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull());
  });
});
