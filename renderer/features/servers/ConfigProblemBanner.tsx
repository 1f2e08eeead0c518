import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

/**
 * config.json cannot be read (not JSON, not a config): what is wrong, what runs meanwhile, and that
 * nothing is saved over it. It goes away when the file is fixed (the host reads it as soon as it is saved).
 */
export function ConfigProblemBanner() {
  const problem = useApp((s) => s.configProblem);
  if (!problem) return null;
  return (
    <div className="banner warning config-problem" role="alert" aria-label="config.json">
      <p>
        Switchboard cannot read its config file: <SafeText text={problem.error} />.
      </p>
      <p>
        {problem.readBefore
          ? 'The servers below are as the file was last read, and run on.'
          : 'No server was loaded from it.'}{' '}
        {problem.gone
          ? 'It is read again as soon as it is back; your next change here writes the servers below to it anew.'
          : 'Nothing is saved to the file until it is fixed; it is read again as soon as it is saved.'}
      </p>
    </div>
  );
}
