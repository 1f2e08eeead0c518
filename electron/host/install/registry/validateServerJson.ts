import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { schemaReasons } from './schemaReasons';
import officialSchema from './server.schema.json';
import type { ServerJson } from './serverJson';

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const wrapped: unknown = Reflect.get(addFormatsModule, 'default');
const addFormats = (typeof wrapped === 'function' ? wrapped : addFormatsModule) as (ajv: Ajv) => void;

/** The schema every entry is read against, and where it came from (see README.md here). */
export const SERVER_SCHEMA_SOURCE = {
  id: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  repository: 'modelcontextprotocol/static',
  path: 'schemas/2025-12-11/server.schema.json',
  commit: '12022abc5a8c1cb839f7fadd5f74727709bfa07f',
} as const;

export type ServerJsonCheck = { ok: true; server: ServerJson } | { ok: false; reasons: string[] };

let compiled: ValidateFunction<ServerJson> | undefined;

function validator(): ValidateFunction<ServerJson> {
  if (!compiled) {
    // The schema is draft-07 (its root a $ref into definitions). verbose: the reasons quote the schema.
    const ajv = new Ajv({ strict: false, allErrors: true, verbose: true });
    addFormats(ajv);
    compiled = ajv.compile<ServerJson>(officialSchema);
  }
  return compiled;
}

/** `document` read against the official schema: the typed document, or every reason it is not one. */
export function validateServerJson(document: unknown): ServerJsonCheck {
  const validate = validator();
  if (validate(document)) return { ok: true, server: document };
  return { ok: false, reasons: schemaReasons(validate.errors ?? [], document) };
}
