import type { RegistryAddressView, Settings } from '../../../shared/host/settings';
import { DEFAULT_REGISTRY_URL } from '../../../shared/host/settings';
import { ErrorText } from '../../components/ErrorText';

/**
 * The MCP Registry that Servers → Browse reads. The environment variable overrides the setting; when
 * it does, this says so (and that what is typed here waits until it is unset).
 */
export function RegistrySetting({
  draft,
  address,
  onChange,
}: {
  draft: Settings;
  address: RegistryAddressView;
  onChange: (next: Settings) => void;
}) {
  return (
    <>
      <h2>Installing servers</h2>
      <div className="field">
        <label htmlFor="registry-url">Server registry</label>
        <input
          id="registry-url"
          type="url"
          value={draft.registryUrl ?? ''}
          placeholder={DEFAULT_REGISTRY_URL}
          aria-describedby="registry-url-desc"
          onChange={(e) => {
            const { registryUrl: _, ...rest } = draft;
            onChange(e.target.value ? { ...rest, registryUrl: e.target.value } : rest);
          }}
        />
        <p id="registry-url-desc" className="field-desc muted">
          The MCP Registry that Servers → Browse lists servers from (https; plain http only on this computer).
          Empty: the official one, <code>{DEFAULT_REGISTRY_URL}</code>.
        </p>
        {address.from === 'env' && (
          <p className="warning" role="note" data-registry-from="env">
            The environment variable <code>{address.envName}</code> overrides this setting: Browse reads{' '}
            <code>{address.url}</code> while it is set.
          </p>
        )}
        {address.problem && <ErrorText>{address.problem}</ErrorText>}
      </div>
    </>
  );
}
