import { useEffect, useId } from 'react';
import { ErrorText } from '../ErrorText';
import { HiddenWarning } from '../HiddenWarning';
import { revealAsText } from '../revealHidden';
import { SafeText } from '../SafeText';
import type { Field, FormValues } from './restrictedSchema';

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

/**
 * A form for a restricted schema: one labelled control per field, its description and error tied to
 * it for screen readers. Labels, descriptions, options and defaults come from the server, so they
 * are shown with their hidden characters revealed: an <option> holds only text, so its label is the
 * revealed text, and a text box shows its value raw, so a value with hidden characters is repeated
 * beneath it with markers.
 */
export function SchemaForm({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: Field[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (values: FormValues) => void;
}) {
  const base = useId();
  // A Send with problems moves the focus to the first field that has one (in view, read out).
  useEffect(() => {
    const first = fields.find((f) => errors[f.name]);
    const el = first && document.getElementById(`${base}-${first.name}`);
    if (!el) return;
    const target = el.matches('input, select, textarea')
      ? el
      : el.querySelector<HTMLElement>('input, select, textarea');
    target?.focus();
    target?.scrollIntoView?.({ block: 'center' });
  }, [errors, fields, base]);
  const set = (name: string, value: string | boolean | string[]) => onChange({ ...values, [name]: value });
  return (
    <div className="schema-form">
      {fields.map((f) => {
        const id = `${base}-${f.name}`;
        const describedBy = [f.description ? `${id}-desc` : '', errors[f.name] ? `${id}-err` : '']
          .filter(Boolean)
          .join(' ');
        const common = {
          id,
          'aria-describedby': describedBy || undefined,
          'aria-invalid': errors[f.name] ? true : undefined,
          'aria-required': f.required || undefined,
        };
        const label = (
          <>
            <SafeText text={f.label} />
            {f.required && <span aria-hidden="true"> *</span>}
          </>
        );
        let control: React.ReactNode;
        if (f.kind === 'boolean') {
          control = (
            <label className="check" htmlFor={id}>
              <input
                {...common}
                type="checkbox"
                checked={values[f.name] === true}
                onChange={(e) => set(f.name, e.target.checked)}
              />
              {label}
            </label>
          );
        } else if (f.kind === 'select') {
          control = (
            <select
              {...common}
              value={String(values[f.name] ?? '')}
              onChange={(e) => set(f.name, e.target.value)}
            >
              {!f.required || values[f.name] === '' ? <option value="">—</option> : null}
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {revealAsText(o.label)}
                </option>
              ))}
            </select>
          );
        } else if (f.kind === 'multi') {
          const chosen = Array.isArray(values[f.name]) ? (values[f.name] as string[]) : [];
          control = (
            <fieldset {...common} className="multi">
              <legend className="sr-only">
                <SafeText text={f.label} />
              </legend>
              {f.options.map((o) => (
                <label key={o.value} className="check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(o.value)}
                    onChange={(e) =>
                      set(
                        f.name,
                        e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value),
                      )
                    }
                  />
                  <SafeText text={o.label} />
                </label>
              ))}
            </fieldset>
          );
        } else if (f.kind === 'number') {
          control = (
            <input
              {...common}
              type="number"
              inputMode={f.integer ? 'numeric' : 'decimal'}
              step={f.integer ? 1 : 'any'}
              min={f.minimum}
              max={f.maximum}
              value={String(values[f.name] ?? '')}
              onChange={(e) => set(f.name, e.target.value)}
            />
          );
        } else {
          control = (
            <input
              {...common}
              type={f.format ? INPUT_TYPE[f.format] : 'text'}
              minLength={f.minLength}
              maxLength={f.maxLength}
              value={String(values[f.name] ?? '')}
              onChange={(e) => set(f.name, e.target.value)}
            />
          );
        }
        return (
          <div className="field" key={f.name}>
            {f.kind !== 'boolean' && <label htmlFor={id}>{label}</label>}
            {control}
            {f.kind === 'text' && <HiddenWarning text={String(values[f.name] ?? '')} />}
            {f.description && (
              <p id={`${id}-desc`} className="field-desc muted">
                <SafeText text={f.description} />
              </p>
            )}
            {errors[f.name] && <ErrorText id={`${id}-err`}>{errors[f.name]}</ErrorText>}
          </div>
        );
      })}
    </div>
  );
}
