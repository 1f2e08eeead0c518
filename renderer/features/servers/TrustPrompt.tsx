import { ShieldCheck } from 'lucide-react';
import { commandLine } from '../../../shared/host/launchText';
import type { LaunchSummary, TrustRequest } from '../../../shared/host/serverView';
import { useHost } from '../../components/HostContext';
import { NamedValues } from '../../components/NamedValues';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { LaunchSandbox } from './LaunchSandbox';

/**
 * What a local server runs — command, folder, environment (secrets named, never shown) — exactly, and
 * what it may reach: sandboxed under which rules, or with the person's full rights.
 */
export function LaunchText({ launch }: { launch: LaunchSummary }) {
  return (
    <>
      <pre>{commandLine(launch)}</pre>
      {launch.cwd && (
        <p>
          in <SafeText text={launch.cwd} />
        </p>
      )}
      {launch.env.length > 0 ? (
        <>
          <p>with these environment variables:</p>
          <NamedValues items={launch.env} joiner={' = '} />
        </>
      ) : (
        <p>with no environment variables of its own.</p>
      )}
      <LaunchSandbox rules={launch.sandbox} />
    </>
  );
}

/**
 * The one trust step before a local server's command runs, for a server added by hand, imported or
 * installed from the registry alike: the launch exactly, and the identity that stands for it.
 */
export function TrustPrompt({
  server,
  request,
  replacing = false,
}: {
  server: string;
  request: TrustRequest;
  /** The launch is to replace one that runs now (an update): trusting it switches to it. */
  replacing?: boolean;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  return (
    <section className="trust" aria-label={`Trust prompt: ${server}`}>
      <p>
        {replacing
          ? 'What it runs changed. The new launch will run exactly:'
          : 'This server has not run before, or what it runs changed. It will run exactly:'}
      </p>
      <LaunchText launch={request} />
      <button
        type="button"
        className="primary"
        onClick={() => run(() => host.call('trustServer', server, request.identity))}
      >
        <ShieldCheck aria-hidden="true" />
        {replacing ? 'Trust and switch' : 'Trust and start'}
      </button>
    </section>
  );
}
