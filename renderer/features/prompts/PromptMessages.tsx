import type { GetPromptResult } from '../../../shared/mcp/protocol';
import { ContentView } from '../../components/ContentView';
import { SafeText } from '../../components/SafeText';

/** What a prompt made: its description, then each message with its role (server text, shown safely). */
export function PromptMessages({ result }: { result: GetPromptResult }) {
  return (
    <section aria-label="Prompt messages">
      {result.description && (
        <p className="muted">
          <SafeText text={result.description} />
        </p>
      )}
      <ol className="prompt-messages">
        {result.messages.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are positional
          <li key={i}>
            <span className="muted">{m.role}</span>
            <ContentView content={m.content} />
          </li>
        ))}
      </ol>
    </section>
  );
}
