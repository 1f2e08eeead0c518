import { useState } from 'react';
import type { ProviderView } from '../../../shared/host/settings';
import { useHost } from '../../components/HostContext';
import { useApp } from '../../state/store';
import { KEY_PLACEHOLDERS } from './providerKindTexts';

/**
 * A built-in provider's API key (Anthropic's): write-only — set, replaced or removed, never read
 * back — and bound to the origin it was entered for.
 */
export function BuiltInProviderKey({
  provider,
  onSaved,
}: {
  provider: ProviderView;
  onSaved: () => Promise<void>;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const encrypted = useApp((s) => s.secretsEncrypted);
  const [key, setKey] = useState('');
  const { id, name, hasKey, keyOrigin } = provider;
  return (
    <section className="card" aria-label={`${name} API key`}>
      <h2>{`${name} API key`}</h2>
      <p className="muted">
        {hasKey ? `A key is stored for ${keyOrigin}.` : `No key for ${keyOrigin}.`}{' '}
        {!hasKey && 'Using a gateway? Set its API base URL below and save it first. '}It stays in
        Switchboard’s secret store
        {encrypted === false ? ' (a file only you can read, not encrypted)' : ''}, is never shown again, and
        is sent only to the address it was entered for.
      </p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await host.call('setApiKey', id, key);
            setKey('');
            await onSaved();
          });
        }}
      >
        <label htmlFor={`${id}-api-key`} className="sr-only">
          API key
        </label>
        <input
          id={`${id}-api-key`}
          type="password"
          autoComplete="off"
          placeholder={hasKey ? 'Replace the key' : (KEY_PLACEHOLDERS[provider.kind] ?? 'API key')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="submit" className="primary" disabled={!key.trim()}>
          Save key
        </button>
        {hasKey && (
          <button
            type="button"
            onClick={() =>
              void run(async () => {
                await host.call('setApiKey', id, null);
                await onSaved();
              })
            }
          >
            Remove key
          </button>
        )}
      </form>
    </section>
  );
}
