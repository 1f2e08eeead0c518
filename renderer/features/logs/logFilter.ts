import type { LogEntry, LogSource } from '../../../shared/host/serverView';
import { LOGGING_LEVELS, type LoggingLevel } from '../../../shared/mcp/protocol';

export interface LogFilter {
  /** undefined: every server. */
  server?: string;
  levels: ReadonlySet<LoggingLevel>;
  sources: ReadonlySet<LogSource>;
  /** undefined: every logger. */
  logger?: string;
  text: string;
}

export const LOG_SOURCES: readonly LogSource[] = [
  'stderr',
  'server',
  'lifecycle',
  'protocol',
  'wire',
  'view',
];

export const allLevels = (): Set<LoggingLevel> => new Set(LOGGING_LEVELS);

export function filterLogs(entries: readonly LogEntry[], f: LogFilter): LogEntry[] {
  const needle = f.text.trim().toLowerCase();
  const everyLevel = f.levels.size === LOGGING_LEVELS.length;
  const everySource = f.sources.size === LOG_SOURCES.length;
  if (f.server === undefined && everyLevel && everySource && f.logger === undefined && needle === '')
    return entries as LogEntry[];
  return entries.filter(
    (e) =>
      (f.server === undefined || e.server === f.server) &&
      (everyLevel || f.levels.has(e.level)) &&
      (everySource || f.sources.has(e.source)) &&
      (f.logger === undefined || e.logger === f.logger) &&
      (needle === '' ||
        e.text.toLowerCase().includes(needle) ||
        (e.logger?.toLowerCase().includes(needle) ?? false)),
  );
}

/** The logger names present, sorted (for the logger filter). */
export function loggersOf(entries: readonly LogEntry[]): string[] {
  const names = new Set<string>();
  for (const e of entries) if (e.logger !== undefined) names.add(e.logger);
  return [...names].sort();
}

/** One entry as a line of text, as copied and exported (the text itself unchanged). */
export function formatLogLine(e: LogEntry): string {
  return `${new Date(e.at).toISOString()} ${e.level.toUpperCase().padEnd(9)} ${e.server} ${e.source}${e.logger ? `:${e.logger}` : ''} ${e.text}`;
}
