import { useId } from 'react';
import type { SandboxChoice } from '../../../shared/host/sandboxRules';

/** Host names or folders as typed: separated by commas, spaces or lines. */
function listOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export const CONFINED: SandboxChoice = { enabled: true };

/**
 * The review step's sandbox: what the server may reach when it runs confined (the default for what
 * the person did not write), with room to widen it before it is added, or to run it unconfined.
 */
export function SandboxChoiceFields({
  server,
  choice,
  onChange,
}: {
  server: string;
  choice: SandboxChoice;
  onChange: (choice: SandboxChoice) => void;
}) {
  const id = useId();
  const set = (change: Partial<SandboxChoice>) => onChange({ ...choice, ...change });
  return (
    <fieldset className="sandbox-choice" aria-label={`Sandbox: ${server}`}>
      <legend>Sandbox</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={choice.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        Run sandboxed (recommended)
      </label>
      {choice.enabled ? (
        <>
          <p className="muted">
            It cannot read your keys, cloud credentials, browser profiles or Switchboard's data; it writes
            only to a folder of its own and the folders below; it reaches only its package registry and the
            hosts below. What it tries beyond that is shown on its card, where you can allow it.
          </p>
          <label htmlFor={`${id}-hosts`}>Also let it reach (host names)</label>
          <input
            id={`${id}-hosts`}
            placeholder="api.example.com, *.example.org"
            defaultValue={(choice.allowedDomains ?? []).join(', ')}
            onChange={(e) => set({ allowedDomains: listOf(e.target.value) })}
          />
          <label htmlFor={`${id}-folders`}>Also let it write (folders)</label>
          <input
            id={`${id}-folders`}
            placeholder="~/Documents/notes"
            defaultValue={(choice.allowWrite ?? []).join(', ')}
            onChange={(e) => set({ allowWrite: listOf(e.target.value) })}
          />
        </>
      ) : (
        <p className="warning">
          It will run with your full rights: it can read, change and send anything you can.
        </p>
      )}
    </fieldset>
  );
}
