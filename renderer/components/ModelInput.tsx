import { useRef } from 'react';
import { CompletionInput } from './CompletionInput';

/**
 * The models to offer for what is typed: all of them while the box is empty or holds one of them
 * (the person is choosing, not searching), else those whose name contains it.
 */
function modelChoices(models: readonly string[], typed: string): string[] {
  const query = typed.trim().toLowerCase();
  if (!query || models.includes(typed)) return [...models];
  return models.filter((m) => m.toLowerCase().includes(query));
}

/**
 * A model's name: typed, or picked from the provider's list, which opens under the box as soon as it
 * has the focus (a list that shows, unlike a datalist, which shows nothing until typed into).
 * `load` is asked once per `listKey` (the provider), when the list is first wanted.
 */
export function ModelInput({
  id,
  value,
  onChange,
  placeholder,
  listKey,
  load,
}: {
  id: string;
  value: string;
  onChange: (model: string) => void;
  placeholder?: string;
  /** Whose models these are: a new key asks `load` again. Undefined: nothing to list. */
  listKey: string | undefined;
  load: () => Promise<readonly string[]>;
}) {
  const loaded = useRef<{ key: string; models: Promise<readonly string[]> }>(undefined);
  const models = () => {
    if (listKey === undefined) return Promise.resolve([]);
    if (loaded.current?.key !== listKey) {
      const models = load();
      loaded.current = { key: listKey, models };
      // A failed list is asked again next time.
      models.catch(() => {
        if (loaded.current?.models === models) loaded.current = undefined;
      });
    }
    return loaded.current.models;
  };
  return (
    <CompletionInput
      id={id}
      className="model-input"
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      sourceKey={listKey}
      suggest={async (typed) => modelChoices(await models(), typed)}
    />
  );
}
