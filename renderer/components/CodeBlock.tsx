import { type ReactNode, useEffect, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { highlighter, languageOf } from './codeHighlighter';
import { revealAsText } from './revealHidden';

/** A fenced code block: highlighted once the highlighter has loaded (light and dark themes), plain before. */
export function CodeBlock({ code: raw, lang }: { code: string; lang: string | undefined }) {
  const language = languageOf(lang);
  // Server and model text: hidden characters are made visible before anything else.
  const code = revealAsText(raw);
  const [highlighted, setHighlighted] = useState<ReactNode>();
  useEffect(() => {
    if (!language) return;
    let cancelled = false;
    // The tree-to-React step comes with the highlighter, not at start: a tool result's code is shown
    // plain until both are here, and neither is needed before (12 kB gzip off the start chunk).
    void Promise.all([highlighter(), import('hast-util-to-jsx-runtime')]).then(([h, { toJsxRuntime }]) => {
      if (cancelled) return;
      const tree = h.codeToHast(code, {
        lang: language,
        themes: { light: 'github-light', dark: 'github-dark' },
      });
      // Styles become React style objects (set through the CSSOM), which the CSP allows.
      setHighlighted(toJsxRuntime(tree, { Fragment, jsx, jsxs }));
    });
    return () => {
      cancelled = true;
    };
  }, [code, language]);
  return (
    <div className="code-block" data-lang={language ?? lang ?? 'text'}>
      {highlighted ?? (
        <pre>
          <code>{code}</code>
        </pre>
      )}
    </div>
  );
}
