import type { ServerRefusal } from '../../shared/host/serverView';
import { SafeText } from './SafeText';

/**
 * The organization's managed policy refuses a server: the card of a configured one, and every preview
 * before one is added (the edit form, an import, a registry install, a link), say so in the same words —
 * with the rule as the policy file writes it.
 */
export function PolicyRefusal({
  server,
  refusal,
  preview = false,
}: {
  /** Whose refusal: each is a landmark of its own, named apart from its neighbours' (several on a page). */
  server: string;
  refusal: ServerRefusal;
  preview?: boolean;
}) {
  return (
    <section className="error" aria-label={`Refused by policy: ${server}`} data-refused="">
      <p>
        {/* The reason names the policy itself ("your organization's policy denies…"): not said twice. */}
        Refused: <SafeText text={refusal.reason} /> (rule:{' '}
        <code>
          <SafeText text={refusal.rule} />
        </code>
        ).{preview ? ' It can be added, but it will not start while the policy refuses it.' : ''}
      </p>
    </section>
  );
}
