import type { ServerProblem } from '../../../shared/host/serverView';
import { SafeText } from '../../components/SafeText';

/**
 * What a running server sent that Switchboard could not use, and why — a list that would not read,
 * a value nested beyond reason, an error its message caused — so "running" with nothing offered is
 * never silent. The server's own words in a reason are shown as text, hidden characters revealed.
 */
export function ServerProblems({ problems }: { problems: ServerProblem[] | undefined }) {
  if (!problems?.length) return null;
  return (
    <section className="error" aria-label="Problems">
      {problems.map((p) => (
        <p key={p.kind} data-problem={p.kind}>
          <SafeText text={p.message} />
        </p>
      ))}
    </section>
  );
}
