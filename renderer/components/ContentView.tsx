import type { ContentBlock, ResourceContents, SamplingContent } from '../../shared/mcp/protocol';
import { CodeBlock } from './CodeBlock';
import { languageOfResource } from './codeHighlighter';
import { JsonBlock } from './JsonBlock';
import { revealAsText } from './revealHidden';
import { SafeText } from './SafeText';
import { bytesOfBase64, isInlineAudio, isInlineImage, saveFile } from './saveFile';

type AnyContent = ContentBlock | SamplingContent;

// Only called after isInlineImage/isInlineAudio: the type in a data: URL is one of those.
const dataUrl = (mime: string, data: string) => `data:${mime};base64,${data}`;

/** Bytes a server sent that are not shown inline: a button that saves them (never a link to open). */
function DownloadButton({ name, base64 }: { name: string; base64: string }) {
  return (
    <button type="button" className="button-link" onClick={() => saveFile(name, bytesOfBase64(base64))}>
      Download
    </button>
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
      {isInlineImage(mime) && (
        <img src={dataUrl(mime, contents.blob)} alt={`Contents of ${revealAsText(contents.uri)}`} />
      )}
      <DownloadButton
        name={contents.uri.split(/[/?#]/).filter(Boolean).pop() ?? 'resource'}
        base64={contents.blob}
      />
    </figure>
  );
}

/** An image or audio block of a type that is not shown inline (an SVG can carry script). */
function NotShown({ kind, mimeType, base64 }: { kind: string; mimeType: string; base64: string }) {
  return (
    <p className="muted">
      {kind} of type <SafeText text={mimeType} /> (not shown inline){' '}
      <DownloadButton name={kind.toLowerCase()} base64={base64} />
    </p>
  );
}

/** One content block from a server or model, rendered faithfully and safely. */
export function ContentView({ content }: { content: AnyContent }) {
  switch (content.type) {
    case 'text':
      return <SafeText text={content.text} block />;
    case 'image':
      return isInlineImage(content.mimeType) ? (
        <img className="content-image" src={dataUrl(content.mimeType, content.data)} alt="From the server" />
      ) : (
        <NotShown kind="Image" mimeType={content.mimeType} base64={content.data} />
      );
    case 'audio':
      return isInlineAudio(content.mimeType) ? (
        // biome-ignore lint/a11y/useMediaCaption: server-provided audio has no captions to offer
        <audio controls src={dataUrl(content.mimeType, content.data)} />
      ) : (
        <NotShown kind="Audio" mimeType={content.mimeType} base64={content.data} />
      );
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
