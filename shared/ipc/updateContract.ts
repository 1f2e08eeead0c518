import { z } from 'zod';
import type { PrepareUpdateResult, ServerUpdateView } from '../host/updateView';
import { serverId } from './argumentSchemas';

const installValue = z.union([z.string().max(65_536), z.array(z.string().max(65_536)).max(100)]);

/**
 * Updating a server installed from the MCP Registry to the registry's latest version: checked quietly,
 * previewed as the launch now and after, written only when confirmed — and a local server's changed
 * command then waits for the trust prompt again before it runs.
 */
export const UPDATE_METHODS = {
  /** Whether the registry the server came from has a newer version (asked at most every few seconds). */
  checkServerUpdate: z.tuple([serverId]),
  /**
   * The server at the latest version, with what was chosen before and its stored secrets kept and
   * `values` (by the new version's field keys) taking precedence: the launch before and after.
   * Nothing is written or stored yet.
   */
  prepareUpdate: z.tuple([
    z.object({ server: serverId, values: z.record(z.string().max(500), installValue) }).strict(),
  ]),
  /** The person confirmed the update's preview: written to config.json, new secrets to the store. */
  confirmUpdate: z.tuple([z.string().uuid()]),
} as const;

export interface UpdateResults {
  checkServerUpdate: ServerUpdateView;
  prepareUpdate: PrepareUpdateResult;
  confirmUpdate: { server: string; version: string };
}
