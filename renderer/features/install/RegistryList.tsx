import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { RegistryEntryView, RegistryPageView, ValidEntryView } from '../../../shared/host/registryView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { RegistryCard } from './RegistryCard';

interface Listing {
  registryUrl?: string;
  entries: RegistryEntryView[];
  browseId?: string;
  more: boolean;
}

/**
 * Search the registry and page through it ("More"), its entries a gallery of cards; an invalid entry is
 * shown with why.
 */
export function RegistryList({
  onOpen,
  onInstall,
}: {
  onOpen: (entry: ValidEntryView) => void;
  onInstall: (entry: ValidEntryView) => void;
}) {
  const host = useHost();
  const [search, setSearch] = useState('');
  const [listing, setListing] = useState<Listing>({ entries: [], more: false });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const load = async (query: string, from?: Listing) => {
    setLoading(true);
    setError(undefined);
    try {
      const page: RegistryPageView = await host.call('browseRegistry', {
        search: query,
        browseId: from?.browseId ?? null,
      });
      setListing({
        registryUrl: page.registryUrl,
        entries: [...(from?.entries ?? []), ...page.entries],
        browseId: page.browseId,
        more: page.more,
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      if (!from) setListing({ entries: [], more: false });
    } finally {
      setLoading(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page, once, when Browse opens
  useEffect(() => {
    void load('');
  }, []);

  return (
    <div className="registry-list">
      <form
        className="row"
        aria-label="Search the registry"
        onSubmit={(e) => {
          e.preventDefault();
          void load(search.trim());
        }}
      >
        <label htmlFor="registry-search" className="sr-only">
          Search the registry
        </label>
        <input
          id="registry-search"
          type="search"
          value={search}
          placeholder="Search names and descriptions"
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" disabled={loading}>
          <Search aria-hidden="true" />
          Search
        </button>
      </form>
      {listing.registryUrl && (
        <p className="muted small">
          From <code>{listing.registryUrl}</code>
        </p>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      {!error && !loading && listing.entries.length === 0 && <p className="muted">No servers found.</p>}
      <ul className="registry-entries" aria-label="Registry entries">
        {listing.entries.map((entry, i) => (
          <RegistryCard
            // biome-ignore lint/suspicious/noArrayIndexKey: an invalid entry may name nothing; the list only grows
            key={`${i}:${entry.name ?? ''}@${entry.version ?? ''}`}
            entry={entry}
            onOpen={onOpen}
            onInstall={onInstall}
          />
        ))}
      </ul>
      {loading && <p className="muted">Loading…</p>}
      {listing.more && !loading && (
        <button type="button" onClick={() => void load(search.trim(), listing)}>
          More
        </button>
      )}
    </div>
  );
}
