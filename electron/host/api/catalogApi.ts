import type { CATALOG_METHODS } from '../../../shared/ipc/catalogContract';
import type { AreaApi, HostEvent } from '../../../shared/ipc/contract';
import { SchemaValidator } from '../../mcp';
import { catalogView } from '../catalog/catalogView';
import type { HostParts } from '../hostParts';
import { toolRunOutcome } from '../runs/toolOutcome';

/**
 * The catalog area of the contract: what the running servers offer together — tools (and the tool
 * runner), resources, prompts. A run's progress is told through `fire`.
 */
export function catalogApi(host: HostParts, fire: (event: HostEvent) => void) {
  /** Tool-runner argument checks: compiled once per schema. */
  const validator = new SchemaValidator();
  return {
    async getCatalog() {
      return catalogView(host.catalog);
    },
    async setToolEnabled(server, tool, enabled) {
      await host.catalog.setToolEnabled(server, tool, enabled);
    },
    async setToolAlwaysOffer(server, tool, always) {
      await host.catalog.setToolAlwaysOffer(server, tool, always);
    },
    /**
     * The tool runner's check before Run: the arguments against the tool's input schema as the server
     * wrote it (JSON Schema 2020-12 unless its $schema names draft-07), every failed constraint named.
     */
    async checkToolArguments(name, args) {
      const entry = host.catalog.resolveTool(name);
      if (!entry) throw new Error(`No tool named "${name}" is offered by a running server`);
      return validator.check(entry.tool.inputSchema, args).errors;
    },
    /**
     * A run the person started with the tool runner's Run: that click is its consent (no dialog asks
     * again; the server's log records it). Its duration is the tool's own, from sending to the answer.
     */
    async runTool(callId, name, args) {
      const invocation = host.tools.start(`run:${callId}`, { name, args, asker: 'runner' });
      invocation.onProgress((progress) => fire({ event: 'toolRunProgress', payload: { callId, progress } }));
      return toolRunOutcome(await invocation.outcome);
    },
    async cancelToolRun(callId) {
      host.tools.cancel(`run:${callId}`, 'Cancelled by the user.');
    },
    readResource(server, uri) {
      return host.registry.session(server).readResource(uri);
    },
    async setResourceSubscribed(server, uri, subscribed) {
      await host.catalog.setSubscribed(server, uri, subscribed);
    },
    getPrompt(server, name, args) {
      return host.registry.session(server).getPrompt(name, args);
    },
    async complete(server, ref, argument, context) {
      const session = host.registry.session(server);
      // Completion is optional: a server without it simply has no suggestions.
      if (session.capabilities && !session.capabilities.completions) return { values: [] };
      const result = await session.complete({
        ref,
        argument,
        ...(Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
      });
      return result.completion;
    },
  } satisfies AreaApi<typeof CATALOG_METHODS>;
}
