import { lazy, memo, Suspense } from 'react';
import { revealAsText } from './revealHidden';

/**
 * A model's Markdown. The parser and its plugins are a chunk of their own, fetched once the app has
 * shown (preloadMarkdown) or on first use; until it is there, the text shows as it is — hidden
 * characters already made visible — so nothing waits on it.
 */
const load = () => import('./MarkdownView');
const MarkdownView = lazy(load);

/** Fetches the Markdown chunk ahead of need (called once the first screen is up). */
export function preloadMarkdown(): void {
  void load().catch(() => {});
}

/** Memoised: a reply streaming in re-renders the list, and every visible message would be parsed again. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className="markdown">
          <p className="markdown-plain">{revealAsText(text)}</p>
        </div>
      }
    >
      <MarkdownView text={text} />
    </Suspense>
  );
});
