import { Fragment } from 'react';
import type { SandboxRules } from '../../../shared/host/sandboxRules';
import {
  FULL_RIGHTS,
  FULL_RIGHTS_DETAIL,
  SANDBOX_DEFAULTS,
  sandboxGrants,
} from '../../../shared/host/sandboxText';
import { SafeText } from '../../components/SafeText';

/**
 * What a launch may reach, beside what it runs: the trust prompt and every review of a launch say
 * whether it runs sandboxed and what its rules let it do beyond the defaults — or that it runs with
 * the person's full rights. A rule may come from a registry entry: shown as text.
 */
export function LaunchSandbox({ rules }: { rules: SandboxRules | undefined }) {
  if (!rules)
    return (
      <p className="launch-sandbox launch-sandbox-text" data-launch-sandbox="off">
        <strong className="full-rights">{FULL_RIGHTS}</strong>: {FULL_RIGHTS_DETAIL}.
      </p>
    );
  return (
    <div className="launch-sandbox" data-launch-sandbox="confined">
      <p className="launch-sandbox-text">
        <strong>Runs sandboxed</strong> —{' '}
        {sandboxGrants(rules).map((grant, i) => (
          <Fragment key={grant.label}>
            {i > 0 && '; '}
            {grant.label}:{' '}
            {grant.items.length === 0 ? (
              <span className="muted">(none)</span>
            ) : (
              grant.items.map((item, j) => (
                <Fragment key={item}>
                  {j > 0 && ', '}
                  <code>
                    <SafeText text={item} oneLine />
                  </code>
                </Fragment>
              ))
            )}
          </Fragment>
        ))}
        .
      </p>
      <p className="launch-sandbox-text muted">{SANDBOX_DEFAULTS}</p>
    </div>
  );
}
