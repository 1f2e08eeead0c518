import { type ReactNode, useState } from 'react';
import type { GetPromptResult, Prompt } from '../../../shared/mcp/protocol';
import { CompletionInput } from '../../components/CompletionInput';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

/**
 * A prompt's arguments, each with the server's completions (the other arguments go along as context,
 * so one choice can narrow the next), then prompts/get.
 */
export function PromptForm({
  server,
  prompt,
  onResult,
  submitLabel = 'Get messages',
  children,
}: {
  /** More fields, after the prompt's own (the chat's: the person's own words to go with it). */
  children?: ReactNode;
  server: string;
  prompt: Prompt;
  /** The messages the prompt made, and the arguments it was asked with. */
  onResult: (result: GetPromptResult, args: Record<string, string>) => void;
  submitLabel?: string;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const args = prompt.arguments ?? [];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(args.map((a) => [a.name, ''])),
  );
  const [missing, setMissing] = useState<string[]>([]);
  const filled = () => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  return (
    <form
      aria-label={`Prompt ${revealAsText(prompt.name)}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const absent = args.filter((a) => a.required && !values[a.name]).map((a) => a.name);
        setMissing(absent);
        if (absent.length > 0) return;
        const given = filled();
        void run(async () => onResult(await host.call('getPrompt', server, prompt.name, given), given));
      }}
    >
      <h2>
        <SafeText text={prompt.title ?? prompt.name} />
      </h2>
      {prompt.description && (
        <p className="muted">
          <SafeText text={prompt.description} />
        </p>
      )}
      {args.map((a) => (
        <div className="field" key={a.name}>
          <label htmlFor={`arg-${a.name}`}>
            <SafeText text={a.title ?? a.name} />
            {a.required && <span aria-hidden="true"> *</span>}
          </label>
          <CompletionInput
            id={`arg-${a.name}`}
            required={a.required}
            describedBy={a.description ? `arg-${a.name}-desc` : undefined}
            value={values[a.name] ?? ''}
            onChange={(v) => setValues((all) => ({ ...all, [a.name]: v }))}
            suggest={async (value) => {
              const { [a.name]: _, ...others } = filled();
              return (
                await host.call(
                  'complete',
                  server,
                  { type: 'ref/prompt', name: prompt.name },
                  { name: a.name, value },
                  others,
                )
              ).values;
            }}
          />
          {a.description && (
            <p id={`arg-${a.name}-desc`} className="field-desc muted">
              <SafeText text={a.description} />
            </p>
          )}
          {missing.includes(a.name) && <ErrorText>Required</ErrorText>}
        </div>
      ))}
      {children}
      <button type="submit" className="primary">
        {submitLabel}
      </button>
    </form>
  );
}
