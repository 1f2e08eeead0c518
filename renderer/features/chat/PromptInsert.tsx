import { useState } from 'react';
import type { Prompt } from '../../../shared/mcp/protocol';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { PromptForm } from '../prompts/PromptForm';

/** A server's prompt chosen with `/`: its arguments (with completions), then its messages join the chat. */
export function PromptInsert({
  server,
  prompt,
  conversationId,
  onClose,
}: {
  server: string;
  prompt: Prompt;
  conversationId: string;
  /** `kept`: the person's own words, when the prompt was not sent (they go back to the message box). */
  onClose: (sent: boolean, kept?: string) => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  // The person's own words go with the prompt, in the same message: nothing is sent before they are written.
  const [text, setText] = useState('');
  return (
    <Modal
      title={
        <>
          /<SafeText text={prompt.name} /> from {server}
        </>
      }
      label={`/${revealAsText(prompt.name)} from ${server}`}
      onEscape={() => onClose(false, text)}
      wide
    >
      <PromptForm
        server={server}
        prompt={prompt}
        submitLabel="Add to the conversation"
        onUse={(args) =>
          void run(async () => {
            await host.call('sendPrompt', conversationId, server, prompt.name, args, text);
            onClose(true);
          })
        }
      >
        <div className="field">
          <label htmlFor="prompt-own-text">Your message with it (optional)</label>
          <textarea id="prompt-own-text" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </PromptForm>
      <div className="actions">
        <button type="button" onClick={() => onClose(false, text)}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
