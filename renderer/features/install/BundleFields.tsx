import { useState } from 'react';
import type { BundleAbilitiesView, BundleFieldView } from '../../../shared/host/bundleView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { DirectoryBrowser } from '../roots/DirectoryBrowser';
import type { BundleTexts } from './bundleTexts';

/**
 * A bundle's `user_config` form: text and numbers as inputs, a sensitive value as a password field
 * (kept in the secret store), a yes/no as a checkbox, folders and files as full paths — with the
 * system's picker where the window has one (Electron), the folder browser for folders in the browser
 * shell, typed otherwise. Titles and descriptions are the bundle's text, shown as text.
 */
export function BundleFields({
  form,
  texts,
  problems,
  abilities,
  onChange,
}: {
  form: BundleFieldView[];
  texts: BundleTexts;
  problems: Record<string, string>;
  abilities: BundleAbilitiesView | undefined;
  onChange: (key: string, text: string | boolean) => void;
}) {
  const host = useHost();
  const [browsing, setBrowsing] = useState<BundleFieldView>();
  const [error, setError] = useState<string>();
  if (form.length === 0) return <p className="muted">It has no settings.</p>;
  const chosen = (field: BundleFieldView, path: string) => {
    const was = texts[field.key];
    const before = typeof was === 'string' && field.multiple ? was.trim() : '';
    onChange(field.key, before ? `${before}\n${path}` : path);
  };
  const pick = async (field: BundleFieldView) => {
    setError(undefined);
    if (abilities?.nativePathPicker) {
      try {
        const path = await host.call('pickBundlePath', field.type === 'directory' ? 'folder' : 'file');
        if (path) chosen(field, path);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    } else setBrowsing(field);
  };
  return (
    <div className="install-fields bundle-fields">
      {form.map((field, i) => {
        const id = `bundle-field-${i}`;
        const text = texts[field.key];
        const described = `${id}-desc`;
        const common = {
          id,
          'aria-describedby': described,
          'aria-invalid': problems[field.key] ? true : undefined,
          'data-field': field.key,
        };
        const path = field.type === 'directory' || field.type === 'file';
        const canPick =
          path && (abilities?.nativePathPicker || (field.type === 'directory' && abilities?.folderBrowser));
        return (
          <div className="field" key={field.key}>
            <label htmlFor={id}>
              <SafeText text={field.title} />
              {field.required ? ' (required)' : ''}
              {field.sensitive ? ' — secret, kept in the secret store' : ''}
            </label>
            {field.type === 'boolean' ? (
              <input
                {...common}
                type="checkbox"
                checked={text === true}
                onChange={(e) => onChange(field.key, e.target.checked)}
              />
            ) : path && field.multiple ? (
              <textarea
                {...common}
                rows={3}
                value={typeof text === 'string' ? text : ''}
                placeholder={`full paths, one ${field.type === 'directory' ? 'folder' : 'file'} per line`}
                onChange={(e) => onChange(field.key, e.target.value)}
              />
            ) : (
              <input
                {...common}
                type={field.sensitive ? 'password' : field.type === 'number' ? 'number' : 'text'}
                autoComplete={field.sensitive ? 'off' : undefined}
                min={field.min}
                max={field.max}
                value={typeof text === 'string' ? text : ''}
                placeholder={
                  path ? `full path of a ${field.type === 'directory' ? 'folder' : 'file'}` : undefined
                }
                onChange={(e) => onChange(field.key, e.target.value)}
              />
            )}
            {canPick && (
              <button type="button" onClick={() => void pick(field)}>
                {field.type === 'directory' ? 'Choose folder…' : 'Choose file…'}
              </button>
            )}
            <p id={described} className="field-desc muted">
              <SafeText text={field.description} />
              {field.min !== undefined || field.max !== undefined
                ? ` (${field.min ?? '…'} to ${field.max ?? '…'})`
                : ''}
            </p>
            {problems[field.key] && <ErrorText>{problems[field.key]}</ErrorText>}
          </div>
        );
      })}
      {error && <ErrorText>{error}</ErrorText>}
      {browsing && (
        <DirectoryBrowser
          onClose={() => setBrowsing(undefined)}
          onChoose={(path) => {
            chosen(browsing, path);
            setBrowsing(undefined);
          }}
        />
      )}
    </div>
  );
}
