import type { AreaApi } from '../../../shared/ipc/contract';
import type { VIEWS_METHODS } from '../../../shared/ipc/viewsContract';
import type { HostParts } from '../hostParts';

/** The views area of the contract (MCP Apps): each call names the View; the host attributes by it. */
export function viewsApi({ apps }: HostParts) {
  return {
    loadView: (conversationId, toolUseId) => apps.open(conversationId, toolUseId),
    viewCallTool: (viewId, name, args) => apps.callTool(viewId, name, args),
    viewReadResource: (viewId, uri) => apps.readResource(viewId, uri),
    viewLog: async (viewId, level, text) => apps.log(viewId, level, text),
    viewUpdateContext: async (viewId, content, structured) =>
      apps.updateContext(viewId, content, structured ?? undefined),
    closeView: async (viewId) => apps.close(viewId),
  } satisfies AreaApi<typeof VIEWS_METHODS>;
}
