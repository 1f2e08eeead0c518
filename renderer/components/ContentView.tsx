import type { ContentBlock, ResourceContents, SamplingContent } from '../../shared/mcp/protocol';
import { CodeBlock } from './CodeBlock';
import { languageOfResource } from './codeHighlighter';
import { JsonBlock } from './JsonBlock';
import { revealAsText } from './revealHidden';
import { SafeText } from './SafeText';

type AnyContent = ContentBlock | SamplingContent;

const SAFE_MIME = /^[\w.+-]+\/[\w.+-]+$/;
const dataUrl = (mime: string, data: string) =>
  `data:${SAFE_MIME.test(mime) ? mime : 'application/octet-stream'};base64,${data}`;

/** Base64 to a download link's object URL (binary resources are never rendered). */
function downloadUrl(mime: string, base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return URL.createObjectURL(
    new Blob([bytes], { type: SAFE_MIME.test(mime) ? mime : 'application/octet-stream' }),
  );
}

export function ResourceContentsView({ contents }: { contents: ResourceContents }) {
  const mime = contents.mimeType ?? ('text' in contents ? 'text/plain' : 'application/octet-stream');
  if ('text' in contents) {
    const language = languageOfResource(contents.mimeType, contents.uri);
    return (
      <figure className="resource-contents">
        <figcaption className="muted">
          <SafeText text={`${contents.uri} · ${mime}`} />
        </figcaption>
        {language ? (
          <CodeBlock code={contents.text} lang={language} />
        ) : (
          <pre className={`text mime-${mime.split('/')[1]?.replace(/[^\w-]/g, '') ?? 'plain'}`}>
            <SafeText text={contents.text} />
          </pre>
        )}
      </figure>
    );
  }
  const bytes = Math.floor((contents.blob.length * 3) / 4);
  return (
    <figure className="resource-contents">
      <figcaption className="muted">
        <SafeText text={`${contents.uri} · ${mime}`} /> · {bytes.toLocaleString()} bytes
      </figcaption>
      {mime.startsWith('image/') && (
        <img src={dataUrl(mime, contents.blob)} alt={`Contents of ${revealAsText(contents.uri)}`} />
      )}
      <a
        href={downloadUrl(mime, contents.blob)}
        download={contents.uri.split('/').pop() || 'resource'}
        className="button-link"
      >
        Download
      </a>
    </figure>
  );
}

/** One content block from a server or model, rendered faithfully and safely. */
export function ContentView({ content }: { content: AnyContent }) {
  switch (content.type) {
    case 'text':
      return <SafeText text={content.text} block />;
    case 'image':
      return (
        <img className="content-image" src={dataUrl(content.mimeType, content.data)} alt="From the server" />
      );
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: server-provided audio has no captions to offer
      return <audio controls src={dataUrl(content.mimeType, content.data)} />;
    case 'resource':
      return <ResourceContentsView contents={content.resource} />;
    case 'resource_link':
      // A link a server sends is shown, not followed: the person can read it from the resources page.
      return (
        <p className="resource-link">
          Resource link: <code>{<SafeText text={content.uri} />}</code>
          {content.name && (
            <>
              {' '}
              (<SafeText text={content.name} />)
            </>
          )}
        </p>
      );
    case 'tool_use':
      return (
        <div>
          <p>
            Tool use{' '}
            <code>
              <SafeText text={content.name} />
            </code>
          </p>
          <JsonBlock value={content.input} />
        </div>
      );
    case 'tool_result':
      return (
        <div>
          <p>
            Tool result for <SafeText text={content.toolUseId} />
          </p>
          {content.content.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: content blocks are positional
            <ContentView key={i} content={c} />
          ))}
        </div>
      );
    default:
      return <JsonBlock value={content} />;
  }
}

export function ContentList({ content }: { content: readonly AnyContent[] }) {
  return (
    <div className="content-list">
      {content.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: content blocks are positional
        <ContentView key={i} content={c} />
      ))}
    </div>
  );
}
