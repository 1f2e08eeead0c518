/**
 * A labelled select of a filter: "`none`" (nothing chosen, the empty value) then each option as
 * `[value, label]`. The Activity page's filters and the Logs page's server share it.
 */
export function ChoiceField<T extends string>({
  id,
  label,
  none,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  /** What the empty choice says ("All servers", "Any"). */
  none: string;
  value: T | undefined;
  options: readonly (readonly [T, string])[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <span className="field-pair">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      >
        <option value="">{none}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </span>
  );
}
