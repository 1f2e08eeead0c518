// The one list of what the renderer may ask of the host, and what the host tells it. Both shells
// (Electron IPC, the browser shell's WebSocket) are built from this file: the argument schemas
// validate every call at the boundary, the result and event types type both ends. Each area writes
// its methods, results and events beside each other (`*Contract.ts`); the lists here join them, and
// the compiler checks that every method has its result and every event its place in HOST_EVENTS.
import type { z } from 'zod';
import { ACTIVITY_METHODS, type ActivityEvents, type ActivityResults } from './activityContract';
import { BUNDLE_METHODS, type BundleResults } from './bundleContract';
import { CATALOG_METHODS, type CatalogEvents, type CatalogResults } from './catalogContract';
import { CHAT_METHODS, type ChatEvents, type ChatResults } from './chatContract';
import { CONFIG_METHODS, type ConfigResults } from './configContract';
import { CONSENT_METHODS, type ConsentEvents, type ConsentResults } from './consentContract';
import { FILES_METHODS, type FilesResults } from './filesContract';
import { INSTALL_METHODS, type InstallEvents, type InstallResults } from './installContract';
import { ROOTS_METHODS, type RootsEvents, type RootsResults } from './rootsContract';
import { SERVERS_METHODS, type ServersEvents, type ServersResults } from './serversContract';
import { SETTINGS_METHODS, type SettingsResults } from './settingsContract';
import { UPDATE_METHODS, type UpdateResults } from './updateContract';
import { VIEWS_METHODS, type ViewsResults } from './viewsContract';

/** Every method, with the schema of its arguments (a tuple). */
export const HOST_METHODS = {
  ...SERVERS_METHODS,
  ...CONSENT_METHODS,
  ...CONFIG_METHODS,
  ...CATALOG_METHODS,
  ...ROOTS_METHODS,
  ...SETTINGS_METHODS,
  ...CHAT_METHODS,
  ...FILES_METHODS,
  ...VIEWS_METHODS,
  ...INSTALL_METHODS,
  ...BUNDLE_METHODS,
  ...UPDATE_METHODS,
  ...ACTIVITY_METHODS,
} as const;

export type HostMethod = keyof typeof HOST_METHODS;

/** `T` when its keys are exactly `K`: a key missing, or one more, does not compile. */
type Exactly<K extends PropertyKey, T extends Record<K, unknown> & Record<Exclude<keyof T, K>, never>> = T;

/** What each method resolves to. */
export type HostResults = Exactly<
  HostMethod,
  ServersResults &
    ConsentResults &
    ConfigResults &
    CatalogResults &
    RootsResults &
    SettingsResults &
    ChatResults &
    FilesResults &
    ViewsResults &
    InstallResults &
    BundleResults &
    UpdateResults &
    ActivityResults
>;

/** Each method's arguments, as its schema gives them. */
export type HostArgs = { [M in HostMethod]: z.infer<(typeof HOST_METHODS)[M]> };

export type HostApi = { [M in HostMethod]: (...args: HostArgs[M]) => Promise<HostResults[M]> };

/** The methods of one area (its `*_METHODS`), as HostApi types them: what that area's handlers satisfy. */
export type AreaApi<Methods> = Pick<HostApi, keyof Methods & HostMethod>;

/** One call: a method with its arguments (typed together, so a handler is called with its own). */
export type HostCall<M extends HostMethod = HostMethod> = { [K in M]: { method: K; args: HostArgs[K] } }[M];

/** What the host pushes to the renderer. */
type HostEvents = ServersEvents &
  ConsentEvents &
  CatalogEvents &
  RootsEvents &
  ChatEvents &
  InstallEvents &
  ActivityEvents;
export type HostEventName = keyof HostEvents;

// Every event, once: an event left out, or one that is not an event, does not compile.
const EVENT_NAMES = {
  serversChanged: true,
  configProblem: true,
  logEntries: true,
  logsDropped: true,
  consentsChanged: true,
  consentWithdrawn: true,
  catalogChanged: true,
  rootsChanged: true,
  toolRunProgress: true,
  resourceUpdated: true,
  elicitationComplete: true,
  openSignIn: true,
  chat: true,
  conversationsChanged: true,
  installLinkOpened: true,
  activityChanged: true,
  activityNotice: true,
} as const satisfies Record<HostEventName, true>;
export const HOST_EVENTS = Object.keys(EVENT_NAMES) as readonly HostEventName[];

export type HostEvent = { [E in HostEventName]: { event: E; payload: HostEvents[E] } }[HostEventName];

const isHostMethod = (method: unknown): method is HostMethod =>
  typeof method === 'string' && Object.hasOwn(HOST_METHODS, method);

/** Checks a call's name and arguments; the message says what was wrong. */
export function parseCall(
  method: unknown,
  args: unknown,
): ({ ok: true } & HostCall) | { ok: false; error: string } {
  if (!isHostMethod(method)) return { ok: false, error: `unknown method ${JSON.stringify(method)}` };
  const schema = HOST_METHODS[method];
  let parsed: ReturnType<typeof schema.safeParse>;
  try {
    parsed = schema.safeParse(args);
  } catch (error) {
    return { ok: false, error: `${method}: arguments could not be checked: ${(error as Error).message}` };
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const shown = issue && shownIssue(issue);
    return {
      ok: false,
      error: `${method}: bad arguments${shown ? ` at ${shown.path.join('.') || '(all)'}: ${shown.message}` : ''}`,
    };
  }
  // The arguments are the ones this method's own schema just accepted.
  return { ok: true, method, args: parsed.data } as { ok: true } & HostCall;
}

/**
 * The issue worth showing. A union reports only "Invalid input"; when just one of its options has the
 * value's shape — its type and its literal fields (kind, approve) match, so it fails deeper — that
 * option's own issue says what is wrong.
 */
function shownIssue(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union') {
    const near = issue.errors.filter((option) => !option.some(missesShape));
    const inner = near.length === 1 ? near[0]?.[0] : undefined;
    if (inner) {
      const shown = shownIssue(inner);
      return { path: [...issue.path, ...shown.path], message: shown.message };
    }
  }
  return { path: issue.path, message: issue.message };
}

function missesShape(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'invalid_type') return issue.path.length === 0;
  return issue.code === 'invalid_value' && issue.path.length === 1 && issue.values.length === 1;
}
