import { SafeText } from './SafeText';

/** JSON, pretty-printed, with hidden characters shown: what you read is what is sent. */
export function JsonBlock({ value, json, label }: { value?: unknown; json?: string; label?: string }) {
  const text = json !== undefined ? pretty(json) : JSON.stringify(value, null, 2);
  const block = (
    <pre className="json">
      <SafeText text={text ?? 'undefined'} />
    </pre>
  );
  return label ? (
    <section className="json-block" aria-label={label}>
      {block}
    </section>
  ) : (
    block
  );
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}
