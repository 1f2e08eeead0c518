import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock';
import { revealAsText } from './revealHidden';

/**
 * A model's Markdown (GitHub flavour), rendered without raw HTML. Links open outside the app; images
 * from the web are not fetched (a reply cannot phone home): they show as links. Hidden characters are
 * made visible before parsing.
 */
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  pre: ({ node, children }) => {
    // A fenced block: <pre><code class="language-x">text</code></pre>.
    const code = node?.children[0];
    if (code?.type === 'element' && code.tagName === 'code') {
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length);
      const text = code.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
      return <CodeBlock code={text.replace(/\n$/, '')} lang={lang} />;
    }
    return <pre>{children}</pre>;
  },
  img: ({ src, alt }) => (
    <a href={typeof src === 'string' ? src : undefined} target="_blank" rel="noopener noreferrer">
      [image: {alt || src}]
    </a>
  ),
};

/** The Markdown stack (react-markdown, remark-gfm) lives in this chunk, loaded after the app shows (Markdown.tsx). */
export default function MarkdownView({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {revealAsText(text)}
      </ReactMarkdown>
    </div>
  );
}
