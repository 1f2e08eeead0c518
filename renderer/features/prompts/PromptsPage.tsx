import { useState } from 'react';
import type { GetPromptResult, Prompt } from '../../../shared/mcp/protocol';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { PromptForm } from './PromptForm';
import { PromptMessages } from './PromptMessages';

/** Every running server's prompts: fill in the arguments (with completions) and see the messages it makes. */
export function PromptsPage() {
  const prompts = useApp((s) => s.catalog.prompts);
  const [chosen, setChosen] = useState<{ server: string; prompt: Prompt }>();
  const [result, setResult] = useState<GetPromptResult>();
  return (
    <section aria-labelledby="prompts-title" className="split">
      <div className="split-list">
        <h1 id="prompts-title">Prompts</h1>
        {prompts.length === 0 && <p className="muted">No running server offers prompts.</p>}
        <ul className="item-list" aria-label="Prompts">
          {prompts.map((p) => (
            <li key={`${p.server} ${p.prompt.name}`}>
              <button
                type="button"
                className={
                  chosen?.server === p.server && chosen.prompt.name === p.prompt.name ? 'item active' : 'item'
                }
                onClick={() => {
                  setChosen(p);
                  setResult(undefined);
                }}
              >
                <SafeText text={p.prompt.title ?? p.prompt.name} />
                <span className="muted small">
                  {p.server} · /<SafeText text={p.prompt.name} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="split-detail">
        {chosen ? (
          <>
            <PromptForm
              key={`${chosen.server} ${chosen.prompt.name}`}
              server={chosen.server}
              prompt={chosen.prompt}
              onResult={setResult}
            />
            {result && <PromptMessages result={result} />}
          </>
        ) : (
          <p className="muted">Choose a prompt.</p>
        )}
      </div>
    </section>
  );
}
