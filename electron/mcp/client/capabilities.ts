import type { ClientCapabilities, ServerCapabilities } from '../../../shared/mcp/protocol';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import type { ClientHandlers } from './handlers';
import { offersSkills } from './skills';

/** Advertise exactly what we handle: the capabilities follow from the handlers given. */
export function deriveClientCapabilities(handlers: ClientHandlers): ClientCapabilities {
  const caps: ClientCapabilities = {};
  if (handlers.roots) caps.roots = { listChanged: handlers.roots.listChanged ?? true };
  if (handlers.sampling) {
    caps.sampling = {};
    if (handlers.sampling.tools) caps.sampling.tools = {};
    if (handlers.sampling.context) caps.sampling.context = {};
  }
  const e = handlers.elicitation;
  if (e?.form || e?.url) {
    caps.elicitation = {};
    if (e.form) caps.elicitation.form = {};
    if (e.url) caps.elicitation.url = {};
  }
  return caps;
}

type Need = (caps: ServerCapabilities, version: string) => boolean;

const NEEDS: Record<string, [string, Need]> = {
  'tools/list': ['tools', (c) => !!c.tools],
  'tools/call': ['tools', (c) => !!c.tools],
  'resources/list': ['resources', (c) => !!c.resources],
  'resources/templates/list': ['resources', (c) => !!c.resources],
  'resources/read': ['resources', (c) => !!c.resources],
  'resources/subscribe': ['resources.subscribe', (c) => !!c.resources?.subscribe],
  'resources/unsubscribe': ['resources.subscribe', (c) => !!c.resources?.subscribe],
  'prompts/list': ['prompts', (c) => !!c.prompts],
  'prompts/get': ['prompts', (c) => !!c.prompts],
  // 2024-11-05 had no `completions` capability: completion came with prompts or resources.
  'completion/complete': [
    'completions',
    (c, v) => !!c.completions || (v === '2024-11-05' && (!!c.prompts || !!c.resources)),
  ],
  'logging/setLevel': ['logging', (c) => !!c.logging],
  'skills/list': ['the skills extension (io.modelcontextprotocol/skills)', (c) => offersSkills(c)],
};

/** Throws before sending when the server did not declare what `method` needs. */
export function assertServerCapability(
  caps: ServerCapabilities,
  version: string,
  method: string,
  server: string,
): void {
  const need = NEEDS[method];
  if (need && !need[1](caps, version)) {
    throw new McpError(
      ErrorCode.CapabilityMissing,
      `The server does not offer ${need[0]}, which ${method} needs`,
      {
        server,
        method,
      },
    );
  }
}
