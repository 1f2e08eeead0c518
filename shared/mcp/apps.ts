// MCP Apps (the `io.modelcontextprotocol/ui` extension, SEP-1865): what a tool and a `ui://`
// resource say about their View, read defensively — everything here comes from a server.

import { viewSourceRefusal } from './viewSourceRefusal';

/** The extension's identifier, as clients advertise it under `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The only MIME type a View's resource may have. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

type ToolVisibility = 'model' | 'app';

/** What a tool's `_meta.ui` says: its View (a `ui://` resource) and who may call it. */
export interface ToolUi {
  resourceUri?: string;
  /** Who may call the tool: the model (offered in chats), the View (its `tools/call`), or both. */
  visibility: ToolVisibility[];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * A tool's View and visibility. `resourceUri` only when it is a `ui://` URI (the deprecated flat
 * `_meta["ui/resourceUri"]` read too); visibility defaults to both, and a malformed list is read as
 * the default rather than hiding the tool.
 */
export function toolUi(tool: { _meta?: Record<string, unknown> }): ToolUi {
  const meta = record(tool._meta);
  const ui = record(meta?.ui);
  const uri = ui?.resourceUri ?? meta?.['ui/resourceUri'];
  const listed = Array.isArray(ui?.visibility)
    ? ui.visibility.filter((v): v is ToolVisibility => v === 'model' || v === 'app')
    : [];
  return {
    ...(typeof uri === 'string' && uri.startsWith('ui://') ? { resourceUri: uri } : {}),
    visibility: listed.length > 0 ? [...new Set(listed)] : ['model', 'app'],
  };
}

export const modelMayCall = (tool: { _meta?: Record<string, unknown> }) =>
  toolUi(tool).visibility.includes('model');
export const viewMayCall = (tool: { _meta?: Record<string, unknown> }) =>
  toolUi(tool).visibility.includes('app');

/** The network a View's resource declares (`_meta.ui.csp`), each list already checked. */
export interface ViewCsp {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
}
export type ViewPermission = 'camera' | 'microphone' | 'geolocation' | 'clipboardWrite';

/** What a View's resource asks of its frame, read from its `_meta.ui`. */
export interface ViewResourceMeta {
  csp: ViewCsp;
  permissions: ViewPermission[];
  prefersBorder?: boolean;
  /** Entries refused, each with why (logged, and shown with the View). */
  refused: string[];
}

/**
 * One CSP source a server may declare: a scheme (http, https, ws, wss), a host (a leading `*.`
 * allowed), an optional port — its host and scheme then judged by `viewSourceRefusal`. Nothing that
 * widens a policy by other means ('unsafe-…', `*`, `data:`, paths with `;`, quotes or spaces) passes.
 */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?\/?$/i;

const CSP_LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
const PERMISSIONS: ViewPermission[] = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/**
 * A View resource's `_meta.ui` (from the `resources/read` content, or its `resources/list` entry
 * where the content has none): the CSP lists with every source checked, the permissions asked for,
 * the border preference.
 */
export function viewResourceMeta(meta: unknown): ViewResourceMeta {
  const ui = record(record(meta)?.ui);
  const csp = record(ui?.csp);
  const refused: string[] = [];
  const lists = {} as ViewCsp;
  for (const name of CSP_LISTS) {
    const given = csp?.[name];
    lists[name] = [];
    if (given === undefined) continue;
    if (!Array.isArray(given)) {
      refused.push(`csp.${name} is not a list`);
      continue;
    }
    for (const source of given) {
      const shown = `csp.${name}: ${JSON.stringify(source).slice(0, 80)}`;
      const match = typeof source === 'string' ? SOURCE.exec(source) : null;
      if (!match) {
        refused.push(`${shown} is not a scheme://host[:port] source`);
        continue;
      }
      const [, scheme, wildcard, host, port] = match;
      const why =
        Number(port ?? 0) > 65535
          ? 'has no such port'
          : viewSourceRefusal(scheme!, host!, wildcard !== undefined);
      if (why) refused.push(`${shown} ${why}`);
      else lists[name].push(match[0].replace(/\/$/, '').toLowerCase());
    }
  }
  const asked = record(ui?.permissions);
  const permissions = PERMISSIONS.filter((p) => asked?.[p] !== undefined && asked[p] !== false);
  return {
    csp: lists,
    permissions,
    ...(typeof ui?.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    refused,
  };
}

/**
 * The Content-Security-Policy a View runs under: the spec's restrictive default, widened only by the
 * sources the resource declared. Nothing declared: no network at all (`connect-src 'none'`).
 */
export function viewContentSecurityPolicy(csp: ViewCsp, frameAncestors: string[]): string {
  const r = csp.resourceDomains.join(' ');
  const list = (base: string, extra: string) => (extra ? `${base} ${extra}` : base);
  return [
    "default-src 'none'",
    list("script-src 'self' 'unsafe-inline'", r),
    list("style-src 'self' 'unsafe-inline'", r),
    list("img-src 'self' data:", r),
    list("font-src 'self'", r),
    list("media-src 'self' data:", r),
    `connect-src ${csp.connectDomains.join(' ') || "'none'"}`,
    // Workers from the View's own blobs (PDF.js, map tiles); a worker keeps its View's policy.
    list("worker-src 'self' blob:", r),
    `frame-src ${csp.frameDomains.join(' ') || "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp.baseUriDomains.join(' ') || "'self'"}`,
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.join(' ') || "'none'"}`,
  ].join('; ');
}

/** The iframe `allow` attribute for the permissions a View asked for (and the person allowed). */
export function allowAttribute(permissions: ViewPermission[]): string {
  return permissions.map((p) => (p === 'clipboardWrite' ? 'clipboard-write' : p)).join('; ');
}
