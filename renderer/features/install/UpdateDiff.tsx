import type { LaunchView } from '../../../shared/host/updateView';
import { SafeText } from '../../components/SafeText';
import { launchDiff } from './launchDiff';

/**
 * An update's difference, line by line: what runs (or where it connects) now and after, each env
 * variable or header — a secret only as "a stored secret" —, what changed marked. The registry's
 * text, shown as text.
 */
export function UpdateDiff({
  before,
  after,
  from,
  to,
}: {
  before: LaunchView;
  after: LaunchView;
  from: string;
  to: string;
}) {
  const rows = launchDiff(before, after);
  const cell = (text: string | undefined, mark: 'del' | 'ins' | undefined) =>
    text === undefined ? (
      <span className="muted">—</span>
    ) : mark === 'del' ? (
      <del>
        <code>
          <SafeText text={text} />
        </code>
      </del>
    ) : mark === 'ins' ? (
      <ins>
        <code>
          <SafeText text={text} />
        </code>
      </ins>
    ) : (
      <code>
        <SafeText text={text} />
      </code>
    );
  return (
    <table className="launch-diff" aria-label="What the update changes">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">
            Now (<SafeText text={from} />)
          </th>
          <th scope="col">
            After the update (<SafeText text={to} />)
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.what} data-change={r.change}>
            <th scope="row">
              <SafeText text={r.what} />
            </th>
            <td className="before">{cell(r.before, r.change === 'same' ? undefined : 'del')}</td>
            <td className="after">{cell(r.after, r.change === 'same' ? undefined : 'ins')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
