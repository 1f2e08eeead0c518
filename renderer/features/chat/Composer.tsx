import { useEffect, useMemo, useRef, useState } from 'react';
import type { Prompt } from '../../../shared/mcp/protocol';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { OPENING_DRAFT } from '../../state/slices/chat';
import type { ComposerFile } from '../../state/slices/files';
import { useApp } from '../../state/store';
import { attachFiles } from './attachFiles';
import { FileChip, PaperclipIcon } from './FileChip';
import { PromptInsert } from './PromptInsert';

/** No files attached (one array, so that a conversation without any does not render again). */
const NO_FILES: ComposerFile[] = [];

const formatBytes = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} kB`);

/**
 * Where the person writes. Enter sends (Shift+Enter: new line); `/` at the start lists every
 * server's prompts; resources can be attached, and files (Attach files…, a drop on the conversation,
 * a paste) — each conversation its own. The draft is kept in the store until the message is saved,
 * so nothing typed or attached is lost to an error or a switch of conversation.
 */

export function Composer({ conversationId, replying }: { conversationId: string; replying: boolean }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  // While another conversation is on its way, what is typed is its own, and a send waits for it.
  const opening = useApp((s) => s.opening !== undefined);
  const draftKey = opening ? OPENING_DRAFT : conversationId;
  const draft = useApp((s) => s.drafts[draftKey] ?? '');
  const setDraft = useApp((s) => s.setDraft);
  const focusOn = useApp((s) => s.focusOn);
  const prompts = useApp((s) => s.catalog.prompts);
  const resources = useApp((s) => s.catalog.resources);
  const skills = useApp((s) => s.catalog.skills);
  const attached = useApp((s) => s.attachments);
  const attach = useApp((s) => s.attach);
  const detach = useApp((s) => s.detach);
  const files = useApp((s) => s.files[draftKey] ?? NO_FILES);
  const attaching = useApp((s) => s.attaching);
  const fileProblems = useApp((s) => s.fileProblems);
  const removeFiles = useApp((s) => s.removeFiles);
  const picker = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState<'resource' | 'skill'>();
  const [prompt, setPrompt] = useState<{ server: string; prompt: Prompt }>();
  const [active, setActive] = useState(0);
  // Asked for (New chat, a consent answered, the keyboard): the focus comes here, where the person writes.
  const box = useRef<HTMLTextAreaElement>(null);
  const wanted = useApp((s) => s.focusWanted === 'composer');
  useEffect(() => {
    if (!wanted || !box.current) return;
    box.current.focus();
    useApp.setState({ focusWanted: undefined });
  }, [wanted]);

  // The prompts list waits for the conversation on its way: a prompt goes to a conversation by its id.
  const slash =
    !opening && draft.startsWith('/') && !draft.includes('\n') ? draft.slice(1).toLowerCase() : undefined;
  const matches = useMemo(
    () =>
      slash === undefined
        ? []
        : prompts
            .filter((p) => `${p.prompt.name} ${p.prompt.title ?? ''}`.toLowerCase().includes(slash))
            .slice(0, 30),
    [slash, prompts],
  );

  // What is being sent (a conversation, or one on its way): the text stays in the box until it is
  // saved, and a second Enter meanwhile — likely while a conversation comes — must not send it twice.
  const sending = useRef(new Set<unknown>());
  const send = async () => {
    const pending = useApp.getState().opening;
    if (
      (replying && !pending) ||
      attaching > 0 ||
      (!draft.trim() && attached.length === 0 && files.length === 0)
    )
      return;
    const key = pending ?? conversationId;
    if (sending.current.has(key)) return;
    sending.current.add(key);
    const sentFiles = files.map((f) => f.file.sha256);
    const sentTo = await run(async () => {
      const target = pending ? (await pending).id : conversationId;
      // Sent as the person will see it only: the conversation that came is the one on screen, and its
      // draft is just what was typed (one picked from the list may hold a draft of its own: left to read).
      if (pending && (useApp.getState().open?.id !== target || useApp.getState().drafts[target] !== draft))
        return undefined;
      await host.call(
        'sendMessage',
        target,
        draft,
        attached.map(({ server, uri, skill }) => ({ server, uri, ...(skill ? { skill } : {}) })),
        files.map(({ file }) => ({ sha256: file.sha256, name: file.name })),
      );
      return target;
    }).finally(() => sending.current.delete(key));
    if (sentTo) {
      // What was typed while the message was being saved stays: only what was sent leaves the box
      // (and if the sent words were changed meanwhile, all of it stays — nothing typed is thrown away).
      const now = useApp.getState().drafts[sentTo] ?? '';
      setDraft(
        sentTo,
        now === draft ? '' : now.startsWith(draft) ? now.slice(draft.length).trimStart() : now,
      );
      useApp.setState({ attachments: [], fileProblems: [] });
      // Only what was sent: a file attached while it was being saved stays for the next message.
      removeFiles(sentTo, sentFiles);
    }
  };

  return (
    <div className="composer">
      {files.length > 0 && (
        <ul className="attachments" aria-label="Attached files">
          {files.map((f) => (
            <li key={f.file.sha256}>
              <FileChip
                file={f.file}
                {...(f.preview ? { preview: f.preview } : {})}
                onRemove={() => removeFiles(draftKey, [f.file.sha256])}
              />
            </li>
          ))}
        </ul>
      )}
      {attaching > 0 && (
        <p className="muted small" role="status">
          Attaching {attaching} {attaching === 1 ? 'file' : 'files'}…
        </p>
      )}
      {fileProblems.length > 0 && (
        <div className="error file-problems" role="alert">
          {fileProblems.map((p) => (
            <p key={p}>
              <SafeText text={p} />
            </p>
          ))}
        </div>
      )}
      {attached.length > 0 && (
        <ul className="attachments" aria-label="Attached resources">
          {attached.map((a) => (
            <li key={`${a.server} ${a.uri}${a.skill ? ' skill' : ''}`} className="chip">
              <SafeText text={a.label} />
              <button
                type="button"
                className="link"
                aria-label={`Remove ${revealAsText(a.label)}`}
                onClick={() => detach(a)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {matches.length > 0 && (
        <div id="prompt-list" role="listbox" className="combo-list prompt-list" aria-label="Prompts">
          {matches.map((p, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea handles the keyboard for the list
            <div
              key={`${p.server} ${p.prompt.name}`}
              id={`prompt-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => setPrompt(p)}
            >
              /<SafeText text={p.prompt.name} /> <span className="muted">— {p.server}</span>
              {p.prompt.description && (
                <span className="muted small">
                  {' '}
                  <SafeText text={p.prompt.description} />
                </span>
              )}
            </div>
          ))}
        </div>
      )}
      <textarea
        ref={box}
        aria-label="Message"
        // A text box with a list of the servers' prompts under it (a textarea may not be a combobox).
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-controls="prompt-list"
        aria-activedescendant={matches.length > 0 ? `prompt-${active}` : undefined}
        rows={3}
        placeholder="Ask anything — / for a server’s prompts"
        value={draft}
        onChange={(e) => {
          setDraft(draftKey, e.target.value);
          setActive(0);
        }}
        onPaste={(e) => {
          // A pasted image or file is attached; pasted text is typed as always.
          const pasted = Array.from(e.clipboardData.files);
          if (pasted.length === 0) return;
          e.preventDefault();
          void attachFiles(host, pasted);
        }}
        onKeyDown={(e) => {
          // An IME's Enter (choosing a word) is the IME's, not a send.
          if (e.nativeEvent.isComposing) return;
          if (matches.length > 0) {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, matches.length - 1));
              return;
            }
            if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
              return;
            }
            if (e.key === 'Enter') {
              e.preventDefault();
              setPrompt(matches[active]);
              return;
            }
          }
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div className="row">
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          aria-label="Files to attach"
          onChange={(e) => {
            const picked = Array.from(e.currentTarget.files ?? []);
            // Emptied, so that the same file picked again (after removing it) is attached again.
            e.currentTarget.value = '';
            if (picked.length > 0) void attachFiles(host, picked);
          }}
        />
        <button type="button" title="Images, PDFs, text and code" onClick={() => picker.current?.click()}>
          <PaperclipIcon />
          Attach files…
        </button>
        <button
          type="button"
          onClick={() => setChoosing((c) => (c === 'resource' ? undefined : 'resource'))}
          aria-expanded={choosing === 'resource'}
        >
          Attach resource…
        </button>
        {skills.length > 0 && (
          <button
            type="button"
            onClick={() => setChoosing((c) => (c === 'skill' ? undefined : 'skill'))}
            aria-expanded={choosing === 'skill'}
          >
            Load skill…
          </button>
        )}
        {replying && !opening ? (
          <button
            type="button"
            className="danger"
            onClick={() => void run(() => host.call('stopReply', conversationId))}
          >
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void send()}
            disabled={attaching > 0 || (!draft.trim() && attached.length === 0 && files.length === 0)}
          >
            Send
          </button>
        )}
      </div>
      {choosing === 'skill' && (
        <ul className="item-list attach-list" aria-label="Skills to load">
          {skills.map((k) => (
            <li key={`${k.server} ${k.uri}`}>
              <button
                type="button"
                className="item"
                onClick={() => {
                  attach({
                    server: k.server,
                    uri: k.uri,
                    label: `Skill: ${k.name} (${k.server})`,
                    skill: true,
                  });
                  setChoosing(undefined);
                }}
              >
                <SafeText text={k.name} />
                <span className="muted small">
                  <SafeText text={k.description} />
                </span>
                <span className="muted small">
                  {k.server} · {k.files} {k.files === 1 ? 'file' : 'files'}, {formatBytes(k.bytes)} — read and
                  checked against its digests only when sent
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {choosing === 'resource' && (
        <ul className="item-list attach-list" aria-label="Resources to attach">
          {resources.length === 0 && <li className="muted">No running server offers resources.</li>}
          {resources.map((r) => (
            <li key={`${r.server} ${r.resource.uri}`}>
              <button
                type="button"
                className="item"
                onClick={() => {
                  attach({
                    server: r.server,
                    uri: r.resource.uri,
                    label: `${r.server}: ${r.resource.title ?? r.resource.name}`,
                  });
                  setChoosing(undefined);
                }}
              >
                <SafeText text={r.resource.title ?? r.resource.name} />
                <span className="muted small">
                  {r.server} · <SafeText text={r.resource.uri} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {prompt && (
        <PromptInsert
          server={prompt.server}
          prompt={prompt.prompt}
          conversationId={conversationId}
          onClose={(outcome) => {
            setPrompt(undefined);
            // Sent: the "/name" typed goes. Its text: in the box in place of the "/name", to read, change
            // and send. Closed: the words written with it are not thrown away — they take that place.
            if ('sent' in outcome) setDraft(conversationId, '');
            else if ('insert' in outcome) setDraft(conversationId, outcome.insert);
            else if (outcome.kept.trim()) setDraft(conversationId, outcome.kept);
            focusOn('composer');
          }}
        />
      )}
    </div>
  );
}
