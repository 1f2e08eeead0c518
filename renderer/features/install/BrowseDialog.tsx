import { useEffect, useState } from 'react';
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
  const open = async (listed: Pick<ValidEntryView, 'name'>) => {
    setError(undefined);
    try {
      setEntry(await host.call('getRegistryEntry', listed.name));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the named entry is opened once, when the dialog opens
  useEffect(() => {
    if (named) void open({ name: named });
  }, []);
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
        <button type="button" className="back" onClick={back}>
          ← Back
        </button>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      {/* Kept mounted under the detail, so Back returns to the same list and search. */}
      <div hidden={entry !== undefined}>
        <RegistryList onOpen={(e) => void open(e)} />
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
