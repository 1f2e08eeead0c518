import { useEffect, useId, useRef, useState } from 'react';
import { HiddenWarning } from './HiddenWarning';
import { SafeText } from './SafeText';

/**
 * A text input whose suggestions come from the server (completion/complete), as an ARIA combobox:
 * arrows move through the suggestions, Enter picks one, Escape closes the list. A picked suggestion
 * is server text in a text box, which shows it raw: its hidden characters are repeated beneath.
 */
export function CompletionInput({
  id,
  value,
  onChange,
  suggest,
  required,
  describedBy,
  placeholder,
  className,
  sourceKey,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Asks for suggestions for the current value; errors mean none. */
  suggest: (value: string) => Promise<string[]>;
  required?: boolean;
  describedBy?: string;
  placeholder?: string;
  className?: string;
  /** Where suggestions come from (a provider): a change asks again, the list open or not. */
  sourceKey?: string;
}) {
  const [options, setOptions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const asked = useRef(0);
  const shown = useRef<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const fetchFor = (v: string) => {
    const ticket = ++asked.current;
    suggest(v).then(
      (values) => {
        // Only the answer to the latest question counts.
        if (ticket !== asked.current) return;
        const next = values.slice(0, 100);
        // The same suggestions again (asked again as the field or its source changed): the one the
        // arrows are on stays; new ones start with none chosen.
        const same = next.length === shown.current.length && next.every((v, i) => v === shown.current[i]);
        shown.current = next;
        setOptions(next);
        if (!same) setActive(-1);
      },
      () => {
        if (ticket !== asked.current) return;
        shown.current = [];
        setOptions([]);
      },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: ask again when the text or the source changes (debounced)
  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => fetchFor(value), 120);
    return () => clearTimeout(t);
  }, [value, open, sourceKey]);
  const pick = (v: string) => {
    onChange(v);
    setOpen(false);
  };
  return (
    <div className={className ? `combo ${className}` : 'combo'}>
      <input
        ref={input}
        id={id}
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onFocus={() => setOpen(true)}
        // Closed a moment after the focus leaves (a click on a suggestion lands first), and only if it
        // is still away: focus that left and came back (a dialog opening around it) keeps the list.
        onBlur={() =>
          setTimeout(() => {
            if (document.activeElement !== input.current) setOpen(false);
          }, 150)
        }
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open && active >= 0 && options[active] !== undefined) {
            e.preventDefault();
            pick(options[active]!);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {open && options.length > 0 && (
        <div id={listId} role="listbox" className="combo-list">
          {options.map((o, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keyboard for the list
            <div
              key={o}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o)}
            >
              <SafeText text={o} />
            </div>
          ))}
        </div>
      )}
      <HiddenWarning text={value} />
    </div>
  );
}
