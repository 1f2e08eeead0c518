import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
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
  img: ({ src, alt }) => (
    <a href={typeof src === 'string' ? src : undefined} target="_blank" rel="noopener noreferrer">
      [image: {alt || src}]
    </a>
  ),
};

export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {revealAsText(text)}
      </ReactMarkdown>
    </div>
  );
}
