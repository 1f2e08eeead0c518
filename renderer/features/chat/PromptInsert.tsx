import { useState } from 'react';
import type { GetPromptResult, Prompt } from '../../../shared/mcp/protocol';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { PromptForm } from '../prompts/PromptForm';
import { PromptMessages } from '../prompts/PromptMessages';

/** How the prompt dialog ended: sent as it is, its text put in the message box, or closed. */
export type PromptOutcome = { sent: true } | { insert: string } | { kept: string };

/**
 * A prompt that is only the person's own words (user text): that text, for the message box — hidden
 * characters as visible markers, so what is reviewed there is what is sent. Anything else (the
 * model's turns, images, resources) cannot be held by a text box: undefined.
 */
function promptAsText(result: GetPromptResult): string | undefined {
  const texts: string[] = [];
  for (const m of result.messages) {
    if (m.role !== 'user' || m.content.type !== 'text') return undefined;
    texts.push(m.content.text);
  }
  return texts.length > 0 ? revealAsText(texts.join('\n\n')) : undefined;
}

/** What in a prompt a text box cannot hold: "the model's turns and a resource". */
function beyondText(result: GetPromptResult): string {
  const kinds = new Set<string>();
  for (const m of result.messages) {
    if (m.role === 'assistant') kinds.add('the model’s turns');
    const type = m.content.type;
    if (type === 'image') kinds.add('images');
    else if (type === 'audio') kinds.add('sound');
    else if (type === 'resource' || type === 'resource_link') kinds.add('resources');
  }
  const list = [...kinds];
  return list.length <= 1
    ? (list[0] ?? 'more than text')
    : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/**
 * A server's prompt chosen with `/`: its arguments (with completions), then its text goes into the
 * message box for the person to read, change and send. A prompt the box cannot hold is shown here,
 * message by message, and added as it is only when the person says so.
 */
export function PromptInsert({
  server,
  prompt,
  conversationId,
  onClose,
}: {
  server: string;
  prompt: Prompt;
  conversationId: string;
  onClose: (outcome: PromptOutcome) => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [made, setMade] = useState<{ result: GetPromptResult; args: Record<string, string> }>();
  // The person's own words go with such a prompt, in the same message: nothing is sent before they are written.
  const [text, setText] = useState('');
  return (
    <Modal
      title={
        <>
          /<SafeText text={prompt.name} /> from {server}
        </>
      }
      label={`/${revealAsText(prompt.name)} from ${server}`}
      onEscape={() => onClose({ kept: text })}
      wide
    >
      {made === undefined ? (
        <PromptForm
          server={server}
          prompt={prompt}
          submitLabel="Add to the conversation"
          onResult={(result, args) => {
            const words = promptAsText(result);
            if (words !== undefined) onClose({ insert: words });
            else setMade({ result, args });
          }}
        />
      ) : (
        <form
          aria-label="Add the prompt’s messages"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await host.call('sendPrompt', conversationId, server, prompt.name, made.args, text);
              onClose({ sent: true });
            });
          }}
        >
          <p>
            This prompt holds {beyondText(made.result)}, more than the message box can: its{' '}
            {made.result.messages.length === 1
              ? 'message joins'
              : `${made.result.messages.length} messages join`}{' '}
            the conversation as shown here.
          </p>
          <PromptMessages result={made.result} />
          <div className="field">
            <label htmlFor="prompt-own-text">Your message with it (optional)</label>
            <textarea id="prompt-own-text" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="submit" className="primary">
            Add these messages
          </button>
        </form>
      )}
      <div className="actions">
        <button type="button" onClick={() => onClose({ kept: text })}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
