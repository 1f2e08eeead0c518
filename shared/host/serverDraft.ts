import { z } from 'zod';
import {
  oauthClientFields,
  oauthClientProblem,
  plainValue,
  remoteEndpoint,
  serverOptions,
  stdioLaunch,
  valueName,
} from './serverFields';
import type { ServerRefusal } from './serverView';

/**
 * A value of the edit form. Secret values travel only toward the host: a value marked secret is
 * stored in the SecretStore and the config keeps a reference; the form gets back
 * `{ secret: true, keep: true }` without the value, and sends the same to keep it unchanged.
 */
const draftValue = z.union([
  z.object({ value: plainValue, secret: z.literal(false).optional() }).strict(),
  z.object({ value: plainValue, secret: z.literal(true) }).strict(),
  z.object({ secret: z.literal(true), keep: z.literal(true) }).strict(),
]);
export type DraftValue = z.infer<typeof draftValue>;

/** A value that is always secret: typed now, or the stored one kept. */
const secretDraftValue = z.union([
  z.object({ value: plainValue.min(1, 'must not be empty'), secret: z.literal(true) }).strict(),
  z.object({ secret: z.literal(true), keep: z.literal(true) }).strict(),
]);
export type SecretDraftValue = z.infer<typeof secretDraftValue>;

/** A pre-registered OAuth client as the form sends it; the secret and key go to the SecretStore. */
const oauthClientDraft = z
  .object({
    ...oauthClientFields.shape,
    clientSecret: secretDraftValue.optional(),
    /** PEM (PKCS #8), for private_key_jwt. */
    privateKey: secretDraftValue.optional(),
  })
  .strict()
  .superRefine((client, ctx) => {
    const problem = oauthClientProblem({
      grant: client.grant,
      hasSecret: client.clientSecret !== undefined,
      hasKey: client.privateKey !== undefined,
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type OAuthClientDraft = z.infer<typeof oauthClientDraft>;

/** A server as the edit form sends it: the shared server fields, with values as DraftValues. */
export const serverDraftSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('stdio'),
      ...stdioLaunch.shape,
      env: z.record(valueName, draftValue),
      ...serverOptions.shape,
    })
    .strict(),
  z
    .object({
      kind: z.literal('remote'),
      ...remoteEndpoint.shape,
      headers: z.record(valueName, draftValue),
      /** Absent: Switchboard registers itself (Client ID Metadata Document or dynamic registration). */
      oauth: oauthClientDraft.optional(),
      ...serverOptions.shape,
    })
    .strict(),
]);
export type ServerDraft = z.infer<typeof serverDraftSchema>;

/** The import choices: which servers, and the values the person typed for each input prompt. */
export interface ImportSelection {
  servers: string[];
  /** By SecretPrompt id: the input values (a VS Code input id inside a template maps here by prompt id). */
  inputs: Record<string, Record<string, string>>;
}

export type ImportSource = 'claude-desktop' | 'cursor' | 'vscode';

/** A secret the import needs: a VS Code input to ask for, or a value found under a secret-looking name. */
export interface SecretPrompt {
  /** The SecretStore id the server's config will reference. */
  id: string;
  server: string;
  field: 'env' | 'headers';
  name: string;
  /** `input`: the person types it at import; `found`: taken from the source file into the store. */
  origin: 'input' | 'found';
  description?: string;
  /** For inputs: the value's text around the input, e.g. "Bearer ${input:api-key}". */
  template?: string;
  inputIds?: string[];
}

/** One env variable or header an imported server will send, as the preview lists it. */
export interface ImportValue {
  field: 'env' | 'headers';
  name: string;
  /** The value exactly as it will be sent; absent for secrets, which never reach the page. */
  value?: string;
  /** `found`: a value from the file, stored as a secret; `input`: typed by the person at import. */
  secret?: 'found' | 'input';
}

/** What the person sees before anything is written. Holds no secret values. */
export interface ImportPreview {
  source: ImportSource;
  path: string;
  servers: {
    name: string;
    kind: 'stdio' | 'remote';
    target: string;
    /** Where its values go: the local command's environment, or the origin every header is sent to. */
    sendsTo: string;
    cwd?: string;
    exists: boolean;
    /** An already configured server (under another name) that runs the same command or URL. */
    sameAs?: string;
    /** Every env variable or header it will send, secret or not. */
    values: ImportValue[];
    secrets: SecretPrompt[];
    warnings: string[];
    /** The managed policy would refuse it: it can be imported, but will not start. */
    refused?: ServerRefusal;
  }[];
  warnings: string[];
}
