import type { CallToolResult, Tool } from '../mcp/protocol';

/**
 * A tool call's View (MCP Apps), opened for its card: where its sandbox is served (an origin of its
 * own), the HTML to load there, and what the View is given — the tool, its input and result.
 */
export interface OpenedView {
  /** Names this View in every later call (its tool calls, reads, logs): the host attributes by it. */
  viewId: string;
  /** The sandbox proxy page, on an origin of this View's own. */
  sandboxUrl: string;
  /** The exact origin `sandboxUrl` has: the only one whose messages are this View's. */
  sandboxOrigin: string;
  html: string;
  server: string;
  resourceUri: string;
  tool: Tool;
  input: Record<string, unknown>;
  result?: CallToolResult;
  prefersBorder?: boolean;
  /** The iframe `allow` attribute: the permissions granted (only clipboard writing). */
  allow: string;
  /** The Content-Security-Policy the View runs under (also sent as the sandbox page's header). */
  csp: string;
  /** What was refused from the resource's `_meta.ui`, and network access it was given: shown with it. */
  notes: string[];
}

/** What a View asked to add to the model's context: sent with the person's next message. */
export interface ViewContext {
  server: string;
  tool: string;
  /** The View's `ui://` resource. */
  uri: string;
  text: string;
}
