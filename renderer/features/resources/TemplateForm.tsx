import { useState } from 'react';
import type { ResourceTemplate } from '../../../shared/mcp/protocol';
import { CompletionInput } from '../../components/CompletionInput';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { expandTemplate, templateVariables } from './templateVariables';

/** Fills a resource template's variables (with the server's completions) and reads the result. */
export function TemplateForm({
  server,
  template,
  onRead,
}: {
  server: string;
  template: ResourceTemplate;
  onRead: (uri: string) => void;
}) {
  const host = useHost();
  const names = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(names.map((n) => [n, ''])),
  );
  const uri = expandTemplate(template.uriTemplate, values);
  return (
    <form
      aria-label="Resource template"
      onSubmit={(e) => {
        e.preventDefault();
        onRead(uri);
      }}
    >
      <h2>
        <SafeText text={template.title ?? template.name} />
      </h2>
      {template.description && (
        <p className="muted">
          <SafeText text={template.description} />
        </p>
      )}
      {names.map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`tpl-${name}`}>
            <SafeText text={name} />
          </label>
          <CompletionInput
            id={`tpl-${name}`}
            value={values[name] ?? ''}
            onChange={(v) => setValues((all) => ({ ...all, [name]: v }))}
            suggest={async (value) => {
              const others = Object.fromEntries(
                Object.entries(values).filter(([k, v]) => k !== name && v !== ''),
              );
              const c = await host.call(
                'complete',
                server,
                { type: 'ref/resource', uri: template.uriTemplate },
                { name, value },
                others,
              );
              return c.values;
            }}
          />
        </div>
      ))}
      <p>
        <span className="muted">Resource URI: </span>
        <code>
          <SafeText text={uri} />
        </code>
      </p>
      <button type="submit" className="primary">
        Read
      </button>
    </form>
  );
}
