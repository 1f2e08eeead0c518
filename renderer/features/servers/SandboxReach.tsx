import { Fragment, useState } from 'react';
import { SafeText } from '../../components/SafeText';

/** Past this many, a list shows its first few and how many more (a long allowlist stays one line). */
const SHORT = 3;

function Places({ label, items }: { label: string; items: string[] }) {
  const [all, setAll] = useState(false);
  const long = items.length > SHORT + 1;
  const shown = long && !all ? items.slice(0, SHORT) : items;
  return (
    <span className="sandbox-places" data-places={label}>
      <span className="muted">{label}:</span>{' '}
      {items.length === 0 ? (
        <span>(none)</span>
      ) : (
        shown.map((item, i) => (
          <Fragment key={item}>
            {i > 0 && ', '}
            <SafeText text={item} oneLine />
          </Fragment>
        ))
      )}
      {long && (
        <>
          {' '}
          <button type="button" className="link" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? 'fewer' : `+${items.length - SHORT} more`}
          </button>
        </>
      )}
    </span>
  );
}

/**
 * What a confined server may reach, in one short line a person can take in: where it may write, which
 * hosts it may reach, what is hidden from it. Paths and hosts come from its rules (a registry entry's
 * among them): shown as text.
 */
export function SandboxReach({
  writes,
  hosts,
  hidden,
}: {
  writes: string[];
  hosts: string[];
  hidden: string[];
}) {
  return (
    <p className="sandbox-reach">
      <Places label="May write" items={[...new Set(writes)]} />
      <span aria-hidden="true"> · </span>
      <Places label="May reach" items={[...new Set(hosts)]} />
      <span aria-hidden="true"> · </span>
      <Places label="Hidden" items={[...new Set(hidden)]} />
    </p>
  );
}
