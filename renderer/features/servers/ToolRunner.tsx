import { useMemo, useState } from 'react';
import type { ToolView } from '../../../shared/ipc/catalogContract';
import { ErrorText } from '../../components/ErrorText';
import { fieldsOf, initialValues, validate } from '../../components/form/restrictedSchema';
import { SchemaForm } from '../../components/form/SchemaForm';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { ToolResultView } from '../../components/ToolResultView';
import { useApp } from '../../state/store';
import { RunProgress } from './RunProgress';

/**
 * Run one tool by hand: a form from its input schema (raw JSON when the schema is beyond a flat
 * form), then the call — the Run click is its consent — with progress, cancel, and the result with the
 * tool's own time (from sending to the answer).
 */
export function ToolRunner({ tool, onClose }: { tool: ToolView; onClose: () => void }) {
  const host = useHost();
  const { fields, unsupported } = useMemo(() => fieldsOf(tool.inputSchema), [tool.inputSchema]);
  const jsonMode = unsupported.length > 0;
  const [values, setValues] = useState(() => initialValues(fields));
  const [json, setJson] = useState(() => JSON.stringify(defaultsOf(tool.inputSchema), null, 2));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [callId, setCallId] = useState<string>();
  const run = useApp((s) => s.runs.find((r) => r.callId === callId));
  const startRun = useApp((s) => s.startRun);
  const finishRun = useApp((s) => s.finishRun);
  const running = run !== undefined && run.outcome === undefined;

  const start = async () => {
    let args: Record<string, unknown>;
    if (jsonMode) {
      try {
        const parsed = JSON.parse(json) as unknown;
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error('not an object');
        args = parsed as Record<string, unknown>;
      } catch (e) {
        setErrors({ json: `Arguments must be a JSON object (${(e as Error).message})` });
        return;
      }
    } else {
      const checked = validate(fields, values);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      args = checked.content;
    }
    // The whole input schema (2020-12: $ref, formats, prefixItems…), checked by the host.
    const problems = await host.call('checkToolArguments', tool.name, args).catch((e: Error) => [e.message]);
    if (problems.length > 0) {
      setErrors({ schema: `The arguments do not match the tool's input schema: ${problems.join('; ')}` });
      return;
    }
    setErrors({});
    const id = crypto.randomUUID();
    setCallId(id);
    startRun({
      callId: id,
      name: tool.name,
      server: tool.server,
      tool: tool.tool,
      argumentsJson: JSON.stringify(args),
      startedAt: Date.now(),
    });
    try {
      finishRun(id, await host.call('runTool', id, tool.name, args));
    } catch (e) {
      finishRun(id, { status: 'failed', error: e instanceof Error ? e.message : String(e) });
    }
  };
  const cancel = () => {
    if (callId) void host.call('cancelToolRun', callId);
  };

  return (
    <Modal
      title={
        <>
          <SafeText text={tool.title ?? tool.tool} /> <span className="muted">on {tool.server}</span>
        </>
      }
      label={`Run ${revealAsText(tool.title ?? tool.tool)} on ${tool.server}`}
      onEscape={running ? cancel : onClose}
      wide
    >
      {tool.description && (
        <div className="tool-description">
          <SafeText text={tool.description} block />
        </div>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) void start();
        }}
      >
        {jsonMode ? (
          <div className="field">
            <label htmlFor="tool-json">Arguments (JSON)</label>
            <textarea id="tool-json" rows={8} value={json} onChange={(e) => setJson(e.target.value)} />
            {errors.json && <ErrorText>{errors.json}</ErrorText>}
          </div>
        ) : fields.length > 0 ? (
          <SchemaForm fields={fields} values={values} errors={errors} onChange={setValues} />
        ) : (
          <p className="muted">This tool takes no arguments.</p>
        )}
        {errors.schema && <ErrorText>{errors.schema}</ErrorText>}
        <div className="actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="primary" disabled={running} aria-describedby="tool-run-consent">
            Run
          </button>
        </div>
        <p id="tool-run-consent" className="muted">
          Run is your approval: the call goes to <SafeText text={tool.server} /> with these arguments at once,
          without a second dialog, and its server’s log records it. A model’s or a View’s call to this tool
          still asks.
        </p>
      </form>
      {run && running && <RunProgress run={run} onCancel={cancel} />}
      {run?.outcome && (
        <section className="run-result" aria-label="Result">
          {run.outcome.status === 'done' ? (
            <>
              <p className={run.outcome.result.isError ? 'field-error' : 'muted'}>
                {run.outcome.result.isError ? 'The tool reported an error' : 'Done'} in{' '}
                {((run.outcome.durationMs ?? run.finishedAt! - run.startedAt) / 1000).toFixed(1)} s
              </p>
              <ToolResultView result={run.outcome.result} />
            </>
          ) : (
            <ErrorText>
              <SafeText text={run.outcome.status === 'refused' ? run.outcome.reason : run.outcome.error} />
            </ErrorText>
          )}
        </section>
      )}
    </Modal>
  );
}

function defaultsOf(schema: ToolView['inputSchema']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(schema.properties ?? {}))
    if (typeof p === 'object' && p !== null && 'default' in p)
      out[name] = (p as { default: unknown }).default;
  return out;
}
