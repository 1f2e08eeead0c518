import { SafeText } from './SafeText';

/** A value a server will be given, by name: as it stands, or only that it is a stored secret. */
export type NamedValue = { name: string; value: string } | { name: string; secret: unknown };

/**
 * Environment variables or headers as a launch will send them: each name with its value after
 * `joiner` (" = ", ": "), or "a stored secret" — never the secret. Server text, shown safely.
 */
export function NamedValues({ items, joiner }: { items: readonly NamedValue[]; joiner: string }) {
  return (
    <ul className="launch-env">
      {items.map((item) => (
        <li key={item.name}>
          <code>
            <SafeText text={item.name} />
          </code>
          {'secret' in item ? (
            <span className="muted"> a stored secret</span>
          ) : (
            <>
              {joiner}
              <code>
                <SafeText text={item.value} />
              </code>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
