import { z } from 'zod';

// The argument shapes several areas of the contract share.

export const serverId = z.string().min(1).max(256);
export const providerId = z.string().min(1).max(40);
export const conversationId = z.string().uuid();
export const uri = z.string().min(1).max(8192);
export const path = z.string().min(1).max(4096);
/** Values the person typed, by name: a prompt's arguments, an import's inputs. */
export const stringArguments = z.record(z.string(), z.string().max(65_536));
/** Any JSON object: a tool's arguments (its input schema is the server's to check), a View's structured context. */
export const jsonObject = z.record(z.string(), z.unknown());
