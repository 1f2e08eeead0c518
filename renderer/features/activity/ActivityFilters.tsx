import { type ReactNode, useEffect, useState } from 'react';
import type { ActivityOutcome } from '../../../shared/host/activity';
import type { HostArgs } from '../../../shared/ipc/contract';
import { ChoiceField } from '../../components/ChoiceField';
import { useApp } from '../../state/store';
import { DECISION_OPTIONS, KIND_OPTIONS } from './activityText';

export type Filter = HostArgs['getActivity'][0];

const OUTCOMES: ActivityOutcome[] = ['ok', 'error', 'cancelled', 'refused'];

/** A day typed in a date box as the time it starts (or, for `end`, ends) here. */
const dayTime = (value: string, end: boolean) =>
  value ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`).getTime() : undefined;

/** The Activity page's filters: server, decision, outcome, days, and words searched (as typed, a moment later). */
export function ActivityFilters({
  filter,
  onChange,
  children,
}: {
  filter: Filter;
  onChange: (filter: Filter) => void;
  children?: ReactNode;
}) {
  const servers = useApp((s) => s.servers);
  const [words, setWords] = useState(filter.search ?? '');
  const set = (part: Partial<Filter>) => {
    const next: Filter = { ...filter, ...part };
    for (const key of Object.keys(next) as (keyof Filter)[]) if (next[key] === undefined) delete next[key];
    onChange(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words typed are the trigger
  useEffect(() => {
    if ((filter.search ?? '') === words.trim()) return;
    const timer = setTimeout(() => set({ search: words.trim() || undefined }), 200);
    return () => clearTimeout(timer);
  }, [words]);
  return (
    <div className="log-controls activity-filters">
      <ChoiceField
        id="activity-server"
        label="Server"
        none="All servers"
        value={filter.server}
        options={servers.map((s) => [s.id, s.id] as const)}
        onChange={(server) => set({ server })}
      />
      <ChoiceField
        id="activity-kind"
        label="Kind"
        none="Everything"
        value={filter.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => set({ kind })}
      />
      <ChoiceField
        id="activity-decision"
        label="Decision"
        none="Any"
        value={filter.decision}
        options={DECISION_OPTIONS}
        onChange={(decision) => set({ decision })}
      />
      <ChoiceField
        id="activity-outcome"
        label="Outcome"
        none="Any"
        value={filter.outcome}
        options={OUTCOMES.map((o) => [o, o] as const)}
        onChange={(outcome) => set({ outcome })}
      />
      <span className="field-pair">
        <label htmlFor="activity-since">From</label>
        <input
          id="activity-since"
          type="date"
          onChange={(e) => set({ since: dayTime(e.target.value, false) })}
        />
      </span>
      <span className="field-pair">
        <label htmlFor="activity-until">To</label>
        <input
          id="activity-until"
          type="date"
          onChange={(e) => set({ until: dayTime(e.target.value, true) })}
        />
      </span>
      {filter.conversation && (
        <button type="button" onClick={() => set({ conversation: undefined })}>
          One conversation only ×
        </button>
      )}
      <input
        type="search"
        aria-label="Search the record"
        placeholder="Search the record"
        value={words}
        onChange={(e) => setWords(e.target.value)}
      />
      {children}
    </div>
  );
}
