import { commandLine } from '../../../shared/host/launchText';
import type { LinkServerView } from '../../../shared/host/linkView';
import type { SandboxChoice } from '../../../shared/host/sandboxRules';
import { PolicyRefusal } from '../../components/PolicyRefusal';
import { SafeText } from '../../components/SafeText';
import { SandboxChoiceFields } from './SandboxChoiceFields';

/**
 * One server an install link would add, exactly as it would be written: the command line or URL, each
 * env variable or header with the value the link carries. A value the link leaves to fill is asked
 * here; a secret-looking one can go to the secret store instead of config.json.
 */
export function LinkServerPreview({
  server,
  typed,
  secret,
  onType,
  onSecret,
  sandbox,
  onSandbox,
}: {
  server: LinkServerView;
  typed: Record<string, string>;
  secret: string[];
  onType: (name: string, value: string) => void;
  onSecret: (name: string, on: boolean) => void;
  /** A local server's sandbox, as the person chooses it before adding. */
  sandbox: SandboxChoice;
  onSandbox: (choice: SandboxChoice) => void;
}) {
  const id = (name: string) => `link-${server.name}-${name}`;
  return (
    <li className="link-server" data-link-server={server.name}>
      <p>
        <strong>
          <SafeText text={server.name} />
        </strong>
        {server.kind === 'stdio' ? ' will run exactly:' : ' will connect to:'}
      </p>
      {server.kind === 'stdio' ? (
        <pre data-testid="link-command">
          {commandLine({ command: server.command ?? '', args: server.args ?? [] })}
        </pre>
      ) : (
        <pre data-testid="link-url">
          <SafeText text={server.url ?? ''} />
        </pre>
      )}
      {server.cwd && (
        <p>
          in <SafeText text={server.cwd} />
        </p>
      )}
      {server.description && (
        <p className="muted">
          The link describes it as: <SafeText text={server.description} />
        </p>
      )}
      {server.kind === 'stdio' && (
        <SandboxChoiceFields server={server.name} choice={sandbox} onChange={onSandbox} />
      )}
      {server.exists && (
        <p className="warning">A server of this name is configured already: remove or rename it first.</p>
      )}
      {server.refused && <PolicyRefusal server={server.name} refusal={server.refused} preview />}
      {server.warnings.map((w) => (
        <p key={w} className="warning">
          <SafeText text={w} />
        </p>
      ))}
      {server.values.length > 0 && (
        <p>{server.field === 'env' ? 'with these environment variables:' : 'sending these headers:'}</p>
      )}
      <ul className="launch-env">
        {server.values.map((v) => (
          <li key={v.name}>
            <code>
              <SafeText text={v.name} />
            </code>
            {v.needsValue ? (
              <div className="field">
                <label htmlFor={id(v.name)}>
                  The link leaves this to fill (
                  {v.hint ? <SafeText text={v.hint} /> : <SafeText text={v.value} />})
                </label>
                <input
                  id={id(v.name)}
                  type={secret.includes(v.name) ? 'password' : 'text'}
                  autoComplete="off"
                  value={typed[v.name] ?? ''}
                  onChange={(e) => onType(v.name, e.target.value)}
                />
              </div>
            ) : (
              <>
                {' = '}
                <code>
                  <SafeText text={v.value} />
                </code>
              </>
            )}
            {v.secretLooking && !v.needsValue && (
              <span className="warning-inline">
                {' '}
                a secret-looking value, carried in the link as plain text
              </span>
            )}
            {(v.secretLooking || v.needsValue) && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={secret.includes(v.name)}
                  onChange={(e) => onSecret(v.name, e.target.checked)}
                />
                keep it in the secret store, not in config.json
              </label>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
