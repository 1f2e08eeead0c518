// The MCP sampling and elicitation shapes a consent answer may carry back from the page (an edited
// request, an edited result, an elicitation's answer), as zod schemas tied to the protocol types: the
// host checks what the page sends against these before anything reaches a server or a model.
import { z } from 'zod';
import type {
  Annotations,
  ContentBlock,
  CreateMessageParams,
  CreateMessageResult,
  ElicitResult,
  JsonSchemaObject,
  SamplingContent,
  SamplingMessage,
  Tool,
} from './protocol';

const TEXT_MAX = 1_000_000;
/** Base64 of an image or audio clip. */
const DATA_MAX = 20_000_000;
const LIST_MAX = 1000;

const meta = z.record(z.string(), z.unknown()).optional();
const role = z.enum(['user', 'assistant']);
const annotations = z.object({
  audience: z.array(role).max(2).optional(),
  priority: z.number().optional(),
  lastModified: z.string().max(64).optional(),
}) satisfies z.ZodType<Annotations>;

const text = z.object({
  type: z.literal('text'),
  text: z.string().max(TEXT_MAX),
  annotations: annotations.optional(),
  _meta: meta,
});
const media = <T extends 'image' | 'audio'>(type: T) =>
  z.object({
    type: z.literal(type),
    data: z.string().max(DATA_MAX),
    mimeType: z.string().min(1).max(256),
    annotations: annotations.optional(),
    _meta: meta,
  });
const resourceContents = z.union([
  z.object({
    uri: z.string().max(8192),
    mimeType: z.string().max(256).optional(),
    text: z.string().max(TEXT_MAX),
    _meta: meta,
  }),
  z.object({
    uri: z.string().max(8192),
    mimeType: z.string().max(256).optional(),
    blob: z.string().max(DATA_MAX),
    _meta: meta,
  }),
]);
const contentBlock = z.discriminatedUnion('type', [
  text,
  media('image'),
  media('audio'),
  z.object({
    type: z.literal('resource'),
    resource: resourceContents,
    annotations: annotations.optional(),
    _meta: meta,
  }),
  z.object({
    type: z.literal('resource_link'),
    uri: z.string().max(8192),
    name: z.string().max(1024),
    title: z.string().max(1024).optional(),
    description: z.string().max(TEXT_MAX).optional(),
    mimeType: z.string().max(256).optional(),
    size: z.number().optional(),
    annotations: annotations.optional(),
    _meta: meta,
  }),
]) satisfies z.ZodType<ContentBlock>;

const samplingContent = z.discriminatedUnion('type', [
  text,
  media('image'),
  media('audio'),
  z.object({
    type: z.literal('tool_use'),
    id: z.string().min(1).max(1024),
    name: z.string().min(1).max(1024),
    input: z.record(z.string(), z.unknown()),
    _meta: meta,
  }),
  z.object({
    type: z.literal('tool_result'),
    toolUseId: z.string().min(1).max(1024),
    content: z.array(contentBlock).max(LIST_MAX),
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
    _meta: meta,
  }),
]) satisfies z.ZodType<SamplingContent>;
const content = z.union([samplingContent, z.array(samplingContent).max(LIST_MAX)]);

const jsonSchemaObject = z.looseObject({ type: z.literal('object') }) satisfies z.ZodType<JsonSchemaObject>;
const tool = z.object({
  name: z.string().min(1).max(1024),
  title: z.string().max(1024).optional(),
  description: z.string().max(TEXT_MAX).optional(),
  inputSchema: jsonSchemaObject,
  outputSchema: jsonSchemaObject.optional(),
  _meta: meta,
}) satisfies z.ZodType<Tool>;

const samplingMessage = z.object({ role, content, _meta: meta }) satisfies z.ZodType<SamplingMessage>;

/** A sampling request as the person may have edited it (prompt, system prompt, maxTokens…). */
export const createMessageParams = z.object({
  messages: z.array(samplingMessage).min(1).max(LIST_MAX),
  modelPreferences: z
    .object({
      hints: z
        .array(z.object({ name: z.string().max(256).optional() }))
        .max(100)
        .optional(),
      costPriority: z.number().min(0).max(1).optional(),
      speedPriority: z.number().min(0).max(1).optional(),
      intelligencePriority: z.number().min(0).max(1).optional(),
    })
    .optional(),
  systemPrompt: z.string().max(TEXT_MAX).optional(),
  includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
  temperature: z.number().optional(),
  maxTokens: z.number().int().positive().max(10_000_000),
  stopSequences: z.array(z.string().max(1024)).max(100).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  tools: z.array(tool).max(LIST_MAX).optional(),
  toolChoice: z.object({ mode: z.enum(['auto', 'required', 'none']).optional() }).optional(),
  _meta: meta,
}) satisfies z.ZodType<CreateMessageParams>;

/** A model's answer as the person may have edited it before it goes back to the server. */
export const createMessageResult = z.object({
  role,
  content,
  model: z.string().min(1).max(256),
  stopReason: z.string().max(256).optional(),
  _meta: meta,
}) satisfies z.ZodType<CreateMessageResult>;

/** The person's answer to an elicitation. */
export const elicitResult = z.object({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z
    .record(
      z.string().max(1024),
      z.union([
        z.string().max(TEXT_MAX),
        z.number(),
        z.boolean(),
        z.array(z.string().max(TEXT_MAX)).max(LIST_MAX),
      ]),
    )
    .optional(),
  _meta: meta,
}) satisfies z.ZodType<ElicitResult>;
