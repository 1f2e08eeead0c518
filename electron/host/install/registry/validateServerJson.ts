import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { schemaReasons } from './schemaReasons';
// The schema every entry is read against; where it came from (repository, path, commit): README.md here.
import officialSchema from './server.schema.json';
import type { ServerJson } from './serverJson';

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const wrapped: unknown = Reflect.get(addFormatsModule, 'default');
const addFormats = (typeof wrapped === 'function' ? wrapped : addFormatsModule) as (ajv: Ajv) => void;

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
