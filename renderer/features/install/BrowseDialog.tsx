import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { InstallChoiceView, ValidEntryView } from '../../../shared/host/registryView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';
import { BundleOpen } from './BundleOpen';
import { EntryDetail } from './EntryDetail';
import { InstallStep } from './InstallStep';
import { RegistryList } from './RegistryList';

type Installable = Extract<InstallChoiceView, { kind: 'package' | 'remote' | 'bundle' }>;

/**
 * Servers → Browse: the MCP Registry's entries, one entry's ways to install, a choice's form and
 * preview. What is confirmed is added like a hand-added server; the dialog then closes on it.
 */
export function BrowseDialog({
  entry: named,
  onClose,
  onInstalled,
}: {
  /** An entry to open straight away (a registry install link names one). */
  entry?: string;
  onClose: () => void;
  onInstalled: (server: string) => void;
}) {
  const host = useHost();
  const [entry, setEntry] = useState<ValidEntryView>();
  const [choice, setChoice] = useState<Installable>();
  const [error, setError] = useState<string>();

  // The list shows what the page it came on said; the detail is the entry's latest, read again.
  // Install on a card goes straight to the form of its one way to install; with several, to the
  // details, where each is listed.
  const open = async (listed: Pick<ValidEntryView, 'name'>, install = false) => {
    setError(undefined);
    try {
      const latest = await host.call('getRegistryEntry', listed.name);
      const ways = latest.choices.filter((c): c is Installable => c.kind !== 'unavailable');
      setEntry(latest);
      setChoice(install && ways.length === 1 ? ways[0] : undefined);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the named entry is opened once, when the dialog opens
  useEffect(() => {
    if (named) void open({ name: named });
  }, []);
  // An entry opened from a card (which is hidden now) takes the focus to Back.
  const backButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (entry) backButton.current?.focus();
  }, [entry]);
  const back = () => {
    setError(undefined);
    if (choice) setChoice(undefined);
    else setEntry(undefined);
  };

  return (
    <Modal
      title={entry ? <SafeText text={entry.title} /> : 'Browse the MCP Registry'}
      label={entry ? `Registry entry ${entry.name}` : 'Browse the MCP Registry'}
      onEscape={onClose}
      wide
    >
      {entry && (
        <button ref={backButton} type="button" className="back" onClick={back}>
          <ArrowLeft aria-hidden="true" />
          Back
        </button>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      {/* Kept mounted under the detail, so Back returns to the same list and search. */}
      <div hidden={entry !== undefined}>
        <RegistryList onOpen={(e) => void open(e)} onInstall={(e) => void open(e, true)} />
      </div>
      {entry && !choice && <EntryDetail entry={entry} onPick={setChoice} />}
      {entry && choice?.kind === 'bundle' && (
        <BundleOpen
          source={{ kind: 'registry', entry: entry.name, choice: choice.id }}
          onInstalled={onInstalled}
        />
      )}
      {entry && choice && choice.kind !== 'bundle' && (
        <InstallStep entry={entry} choice={choice} onInstalled={onInstalled} />
      )}
      <div className="actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
