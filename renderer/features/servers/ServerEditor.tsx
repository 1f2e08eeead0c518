import { useRef, useState } from 'react';
import { parseCommandLine } from '../../../shared/host/commandLine';
import { commandLine, quoteArg } from '../../../shared/host/launchText';
import type { ServerDraft } from '../../../shared/host/serverDraft';
import type { ServerRefusal } from '../../../shared/host/serverView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { PolicyRefusal } from '../../components/PolicyRefusal';
import { useApp } from '../../state/store';
import { KeyValueEditor, type KeyValueRow, recordOf, rowsOf } from './KeyValueEditor';
import { OAuthClientEditor, oauthDraftOf, oauthFormOf } from './OAuthClientEditor';
import { freeName, suggestedName } from './suggestedName';

/**
 * Add or edit a server. Saving writes the config; a local server's command then waits for the trust
 * prompt before it runs, like any new command.
 */
export function ServerEditor({
  id,
  draft,
  onClose,
}: {
  /** The server being edited; undefined when adding. */
  id?: string;
  draft?: ServerDraft;
  onClose: () => void;
}) {
  const host = useHost();
  const taken = useApp((s) => s.servers).map((s) => s.id);
  const [name, setName] = useState(id ?? '');
  const [nameTouched, setNameTouched] = useState(id !== undefined);
  const [kind, setKind] = useState<ServerDraft['kind']>(draft?.kind ?? 'stdio');
  // The Command field is read with a shell's quoting rules (a pasted line splits): a saved program
  // path with spaces is shown quoted, so saving it again keeps it one word.
  const [command, setCommand] = useState(draft?.kind === 'stdio' ? quoteArg(draft.command) : '');
  const [splitNote, setSplitNote] = useState<string>();
  const [args, setArgs] = useState(draft?.kind === 'stdio' ? draft.args.join('\n') : '');
  const [cwd, setCwd] = useState(draft?.kind === 'stdio' ? (draft.cwd ?? '') : '');
  const [env, setEnv] = useState<KeyValueRow[]>(draft?.kind === 'stdio' ? rowsOf(draft.env) : []);
  const [url, setUrl] = useState(draft?.kind === 'remote' ? draft.url : '');
  const [type, setType] = useState(draft?.kind === 'remote' ? draft.type : 'auto');
  const [headers, setHeaders] = useState<KeyValueRow[]>(
    draft?.kind === 'remote' ? rowsOf(draft.headers) : [],
  );
  const [oauth, setOAuth] = useState(oauthFormOf(draft?.kind === 'remote' ? draft.oauth : undefined));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  // A stray Escape must not throw away a half-written server (a pasted command, its environment):
  // with anything changed, it asks first.
  const entered = JSON.stringify({ name, kind, command, args, cwd, env, url, type, headers, oauth });
  const opened = useRef(entered);
  const [discarding, setDiscarding] = useState(false);
  /** What the managed policy said of the form as it was when Save was pressed. */
  const [refusal, setRefusal] = useState<{ refusal: ServerRefusal; entered: string }>();

  /** The Command field as program, extra arguments and leading NAME=value words; or what is wrong. */
  const parsedCommand = (): ReturnType<typeof parseCommandLine> | { error: string } => {
    try {
      return parseCommandLine(command.trim());
    } catch (e) {
      return { error: `Command: ${(e as Error).message}` };
    }
  };
  const argLines = () => args.split('\n').filter((a) => a !== '');

  /**
   * Adding, and the person has not named it: a name from what it runs (server-memory → memory), kept
   * up to date as the command is typed, theirs as soon as they change it.
   */
  const suggestName = (text: string) => {
    if (nameTouched) return;
    let line: ReturnType<typeof parseCommandLine>;
    try {
      line = parseCommandLine(text.trim());
    } catch {
      return;
    }
    const suggestion = suggestedName(line.command, [...line.args, ...argLines()]);
    setName(suggestion ? freeName(suggestion, taken) : '');
  };

  /** A whole command line in Command (pasted, or typed then left): split it where the person sees it. */
  const splitCommandField = (text = command) => {
    let line: ReturnType<typeof parseCommandLine>;
    try {
      line = parseCommandLine(text.trim());
    } catch {
      return; // said beneath the field, from parsedCommand
    }
    suggestName(text);
    const names = Object.keys(line.env);
    if (line.args.length === 0 && names.length === 0) return;
    setCommand(quoteArg(line.command));
    setArgs([...line.args, ...argLines()].join('\n'));
    if (names.length > 0)
      setEnv([
        ...env.filter((r) => !names.includes(r.name)),
        ...names.map((name) => ({ name, value: { value: line.env[name]! } })),
      ]);
    setSplitNote(
      `Split into the program ${line.command} and ${line.args.length} argument${line.args.length === 1 ? '' : 's'}` +
        (names.length > 0 ? `, with ${names.join(', ')} in the environment` : '') +
        '. Check them below before saving.',
    );
  };

  const build = (): ServerDraft => {
    const common = {
      ...(draft?.disabled ? { disabled: true } : {}),
      ...(draft?.requestTimeoutMs ? { requestTimeoutMs: draft.requestTimeoutMs } : {}),
      ...(draft?.maxTotalTimeoutMs ? { maxTotalTimeoutMs: draft.maxTotalTimeoutMs } : {}),
      ...(draft?.protocol ? { protocol: draft.protocol } : {}),
    };
    if (kind === 'stdio') {
      const line = parsedCommand();
      if ('error' in line) throw new Error(line.error);
      if (!line.command) throw new Error('Enter the command to run');
      return {
        kind,
        command: line.command,
        // One argument per line: an argument may hold spaces, and what you see is what runs.
        args: [...line.args, ...argLines()],
        ...(cwd.trim() ? { cwd: cwd.trim() } : {}),
        env: {
          ...recordOf(env, 'Environment'),
          ...Object.fromEntries(Object.entries(line.env).map(([k, v]) => [k, { value: v }])),
        },
        ...common,
      };
    }
    try {
      const parsed = new URL(url.trim());
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error();
    } catch {
      throw new Error('Enter the server’s full http(s) URL');
    }
    const client = oauthDraftOf(oauth);
    return {
      kind,
      url: url.trim(),
      type,
      headers: recordOf(headers, 'Headers'),
      ...(client ? { oauth: client } : {}),
      ...common,
    };
  };

  const save = async () => {
    setError(undefined);
    try {
      if (!name.trim()) throw new Error('Give the server a name');
      setSaving(true);
      const built = build();
      // The policy's no is said before saving; a second Save (nothing changed) saves it anyway.
      if (refusal?.entered !== entered) {
        const refused = await host.call('draftRefusal', name.trim(), built, id ?? null);
        if (refused) {
          setRefusal({ refusal: refused, entered });
          return;
        }
      }
      await host.call('saveServer', name.trim(), built, id ?? null);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={id ? `Edit ${id}` : 'Add a server'}
      onEscape={() => (entered === opened.current ? onClose() : setDiscarding(true))}
      wide
    >
      <form
        className="editor"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor="server-name">Name</label>
        <input
          id="server-name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameTouched(true);
          }}
          required
        />
        <fieldset className="kind">
          <legend>Runs</legend>
          <label className="check">
            <input type="radio" name="kind" checked={kind === 'stdio'} onChange={() => setKind('stdio')} /> on
            this computer (command)
          </label>
          <label className="check">
            <input type="radio" name="kind" checked={kind === 'remote'} onChange={() => setKind('remote')} />{' '}
            remotely (URL)
          </label>
        </fieldset>
        {kind === 'stdio' ? (
          <>
            <label htmlFor="server-command">Command (or paste a whole command line)</label>
            <input
              id="server-command"
              value={command}
              onChange={(e) => {
                setCommand(e.target.value);
                setSplitNote(undefined);
                suggestName(e.target.value);
              }}
              onPaste={(e) => {
                const input = e.currentTarget;
                const pasted = e.clipboardData.getData('text').replace(/\r?\n/g, ' ');
                e.preventDefault();
                const text =
                  input.value.slice(0, input.selectionStart ?? input.value.length) +
                  pasted +
                  input.value.slice(input.selectionEnd ?? input.value.length);
                setCommand(text);
                splitCommandField(text);
              }}
              // Left for Save: the form is read as it is (a split now would move Save from under the click).
              onBlur={(e) => {
                if ((e.relatedTarget as HTMLButtonElement | null)?.type !== 'submit') splitCommandField();
              }}
              placeholder="npx -y @modelcontextprotocol/server-everything stdio"
              aria-describedby="server-command-help"
            />
            <CommandPreview
              parsed={parsedCommand()}
              extraArgs={argLines()}
              envNames={env.map((r) => r.name.trim()).filter((n) => n !== '')}
              note={splitNote}
            />
            <label htmlFor="server-args">Arguments, one per line</label>
            <textarea id="server-args" rows={4} value={args} onChange={(e) => setArgs(e.target.value)} />
            <label htmlFor="server-cwd">Working folder (optional)</label>
            <input id="server-cwd" value={cwd} onChange={(e) => setCwd(e.target.value)} />
            <KeyValueEditor legend="Environment" rows={env} onChange={setEnv} namePlaceholder="NAME" />
          </>
        ) : (
          <>
            <label htmlFor="server-url">URL</label>
            <input
              id="server-url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://…/mcp"
            />
            <label htmlFor="server-transport">Transport</label>
            <select
              id="server-transport"
              value={type}
              onChange={(e) => setType(e.target.value as typeof type)}
            >
              <option value="auto">Detect (Streamable HTTP, then legacy SSE)</option>
              <option value="http">Streamable HTTP</option>
              <option value="sse">Legacy HTTP+SSE</option>
            </select>
            <KeyValueEditor
              legend="Headers"
              rows={headers}
              onChange={setHeaders}
              namePlaceholder="Authorization"
            />
            <OAuthClientEditor form={oauth} onChange={setOAuth} />
          </>
        )}
        {error && <ErrorText>{error}</ErrorText>}
        {refusal?.entered === entered && <PolicyRefusal server={name} refusal={refusal.refusal} preview />}
        {discarding && (
          <div className="row" role="alert">
            <span>Close without saving what you entered?</span>
            <button type="button" onClick={onClose}>
              Discard
            </button>
            {/* biome-ignore lint/a11y/noAutofocus: the question was just asked, and keeping is the safe answer (Escape again leaves the form open) */}
            <button type="button" className="primary" autoFocus onClick={() => setDiscarding(false)}>
              Keep editing
            </button>
          </div>
        )}
        <div className="actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {refusal?.entered === entered ? 'Save anyway' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** What will run, as one quoted line, under the Command field: the result is seen before saving. */
function CommandPreview({
  parsed,
  extraArgs,
  envNames,
  note,
}: {
  parsed: ReturnType<typeof parseCommandLine> | { error: string };
  extraArgs: string[];
  /** The Environment rows' names (the line's own NAME=value words are added here). */
  envNames: string[];
  note: string | undefined;
}) {
  const names = 'error' in parsed ? [] : [...new Set([...Object.keys(parsed.env), ...envNames])];
  return (
    <div id="server-command-help" className="command-preview" aria-live="polite">
      {'error' in parsed ? (
        <ErrorText>{parsed.error}</ErrorText>
      ) : parsed.command ? (
        <p className="muted">
          Runs: <code>{commandLine({ command: parsed.command, args: [...parsed.args, ...extraArgs] })}</code>
          {names.length > 0 && (
            <>
              {' '}
              with <code>{names.join(', ')}</code> in its environment
            </>
          )}
          {note && <span className="split-note"> — {note}</span>}
        </p>
      ) : null}
    </div>
  );
}
