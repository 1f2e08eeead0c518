import { assertNever } from '../../../shared/assertNever';
import type { ConsentRequest } from '../../../shared/host/consent';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

/** A one-line summary; it holds server text, so show it through SafeText. */
export function describeConsent(c: ConsentRequest): string {
  switch (c.kind) {
    case 'tool':
      return `${c.server.id}: run ${c.tool.title ?? c.tool.name}`;
    case 'sampling':
      return `${c.server.id}: ask the model`;
    case 'sampling-result':
      return `${c.server.id}: send the model’s answer`;
    case 'elicitation':
      return `${c.server.id}: ${c.params.mode === 'url' ? 'open a link' : 'information'}`;
    default:
      return assertNever(c, 'consent kind');
  }
}

/** Inside the open dialog: every pending consent, so the person can take them in any order. */
export function ConsentQueue({ activeId }: { activeId: string }) {
  const consents = useApp((s) => s.consents);
  const focus = useApp((s) => s.focusConsent);
  if (consents.length < 2) return null;
  return (
    <nav className="consent-queue" aria-label={`${consents.length} requests waiting`}>
      <span className="muted">{consents.length} waiting:</span>
      {consents.map((c) => (
        <button
          key={c.id}
          type="button"
          className={c.id === activeId ? 'chip active' : 'chip'}
          aria-current={c.id === activeId ? 'true' : undefined}
          onClick={() => focus(c.id)}
        >
          <SafeText text={describeConsent(c)} />
        </button>
      ))}
    </nav>
  );
}
