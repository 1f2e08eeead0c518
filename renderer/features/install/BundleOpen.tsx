import { useEffect, useRef, useState } from 'react';
import type { BundleOpened } from '../../../shared/host/bundleView';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { BundleInstall } from './BundleInstall';
import { uploadBundle } from './bundleUpload';

/** Where a bundle comes from: a file the page holds, the shell's file dialog, or a registry entry. */
export type BundleSource =
  | { kind: 'file'; file: File }
  | { kind: 'native' }
  | { kind: 'registry'; entry: string; choice: string };

/**
 * Hands a bundle to the host to check and unpack — the file's bytes sent in pieces, or the registry's
 * file downloaded by the host — then shows its preview, or why it was refused (nothing kept then). A
 * bundle opened and not added is given up when this closes: its unpacked files go.
 */
export function BundleOpen({
  source,
  onInstalled,
  onNothing,
}: {
  source: BundleSource;
  onInstalled: (server: string) => void;
  /** The native dialog was cancelled. */
  onNothing?: () => void;
}) {
  const host = useHost();
  const [opened, setOpened] = useState<BundleOpened>();
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string>();
  const pending = useRef<string | undefined>(undefined);

  const mounted = useRef(false);
  const started = useRef(false);

  // Opened once, even when React mounts this twice (StrictMode): a bundle is sent or downloaded once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a source is opened once
  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      const open = async (): Promise<BundleOpened | null> => {
        if (source.kind === 'file')
          return uploadBundle(host, source.file, (n) => mounted.current && setSent(n));
        if (source.kind === 'native') return host.call('pickBundleFile');
        return host.call('openRegistryBundle', { entry: source.entry, choice: source.choice });
      };
      open().then(
        (result) => {
          if (result === null) return mounted.current && onNothing?.();
          // Closed meanwhile: the bundle just opened is nobody's.
          if (!mounted.current)
            return result.ok && void host.call('cancelBundle', result.planId).catch(() => {});
          if (result.ok) pending.current = result.planId;
          setOpened(result);
        },
        (e: unknown) => mounted.current && setError(e instanceof Error ? e.message : String(e)),
      );
    }
    return () => {
      mounted.current = false;
      if (pending.current) void host.call('cancelBundle', pending.current).catch(() => {});
      pending.current = undefined;
    };
  }, []);

  if (error || (opened && !opened.ok))
    return (
      <div
        className="field-error"
        role="alert"
        data-bundle-refused={opened && !opened.ok ? opened.problem : 'error'}
      >
        <p>This bundle was not installed; nothing of it was kept:</p>
        <p>
          <SafeText text={error ?? (opened && !opened.ok ? opened.message : '')} />
        </p>
      </div>
    );
  if (!opened)
    return (
      <p className="muted" aria-live="polite">
        {source.kind === 'file'
          ? `Sending ${source.file.name} (${Math.round((sent / Math.max(1, source.file.size)) * 100)}%) and checking it…`
          : source.kind === 'registry'
            ? 'Downloading the bundle and checking it against the registry’s SHA-256…'
            : 'Choose a bundle file…'}
      </p>
    );
  return (
    <BundleInstall
      preview={opened}
      onInstalled={(server) => {
        pending.current = undefined;
        onInstalled(server);
      }}
    />
  );
}
