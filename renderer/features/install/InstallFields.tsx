import type { InstallFieldView } from '../../../shared/host/registryView';
import { ErrorText } from '../../components/ErrorText';
import { SafeText } from '../../components/SafeText';
import { type FieldTexts, fieldPlace } from './installValues';

/**
 * The form of one install choice, built from its fields: required ones marked, secrets in password
 * fields, choices as a select, defaults filled in, a repeated value one per line. Labels and
 * descriptions are the publisher's text, shown as text.
 */
export function InstallFields({
  fields,
  texts,
  problems,
  onChange,
}: {
  fields: InstallFieldView[];
  texts: FieldTexts;
  /** By field key: what the host found wrong. */
  problems: Record<string, string>;
  onChange: (key: string, text: string) => void;
}) {
  if (fields.length === 0) return <p className="muted">Nothing to fill in.</p>;
  return (
    <div className="install-fields">
      {fields.map((field, i) => {
        const id = `install-field-${i}`;
        const text = texts[field.key] ?? '';
        const described = field.description ? `${id}-desc` : undefined;
        const common = {
          id,
          required: field.required,
          'aria-describedby': described,
          'aria-invalid': problems[field.key] ? true : undefined,
          'data-field': field.key,
        };
        return (
          <div className="field" key={field.key}>
            <label htmlFor={id}>
              <SafeText text={fieldPlace(field)} />
              {field.required ? ' (required)' : ''}
              {field.secret ? ' — secret, kept in the secret store' : ''}
            </label>
            {field.choices ? (
              <select {...common} value={text} onChange={(e) => onChange(field.key, e.target.value)}>
                {(!field.required || !field.choices.includes(text)) && <option value="">(none)</option>}
                {field.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : field.format === 'boolean' ? (
              <select {...common} value={text} onChange={(e) => onChange(field.key, e.target.value)}>
                <option value="">(none)</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : field.repeated ? (
              <textarea
                {...common}
                rows={3}
                value={text}
                placeholder={field.placeholder ?? 'one value per line'}
                onChange={(e) => onChange(field.key, e.target.value)}
              />
            ) : (
              <input
                {...common}
                type={field.secret ? 'password' : field.format === 'number' ? 'number' : 'text'}
                autoComplete={field.secret ? 'off' : undefined}
                value={text}
                placeholder={field.placeholder}
                onChange={(e) => onChange(field.key, e.target.value)}
              />
            )}
            {field.description && (
              <p id={described} className="field-desc muted">
                <SafeText text={field.description} />
              </p>
            )}
            {problems[field.key] && <ErrorText>{problems[field.key]}</ErrorText>}
          </div>
        );
      })}
    </div>
  );
}
