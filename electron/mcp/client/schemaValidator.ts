import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const wrapped: unknown = Reflect.get(addFormatsModule, 'default');
const addFormats = (typeof wrapped === 'function' ? wrapped : addFormatsModule) as (
  ajv: Ajv | Ajv2020,
) => void;

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

export interface SchemaCheck {
  valid: boolean;
  /** Human-readable, one per failed constraint. */
  errors: string[];
}

/**
 * JSON Schema validation as MCP defines it: 2020-12 when no $schema is given, draft-07 when named,
 * any other dialect refused with an error that says so. Compiled validators are cached per schema.
 */
export class SchemaValidator {
  private ajv2020 = SchemaValidator.instance('2020');
  private ajv07 = SchemaValidator.instance('07');
  private readonly cache = new Map<string, ValidateFunction>();
  /** The compiled function per schema object (a tool definition's outputSchema), with no JSON key to build. */
  private byObject = new WeakMap<object, ValidateFunction>();

  private static instance(dialect: '2020' | '07'): Ajv | Ajv2020 {
    // addUsedSchema: false — no schema's $id is remembered for the next one: a $ref in one server's
    // schema never resolves to what another schema (another tool, another server) declared.
    const options = { strict: false, allErrors: true, validateSchema: true, addUsedSchema: false };
    const ajv = dialect === '2020' ? new Ajv2020(options) : new Ajv(options);
    addFormats(ajv);
    return ajv;
  }

  /** Throws an Error naming the problem when the schema itself is unusable. */
  compile(schema: Record<string, unknown>): ValidateFunction {
    const key = JSON.stringify(schema);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const dialect = schema.$schema;
    let which: '2020' | '07';
    if (dialect === undefined || (typeof dialect === 'string' && DRAFT_2020.test(dialect))) which = '2020';
    else if (typeof dialect === 'string' && DRAFT_07.test(dialect)) which = '07';
    else
      throw new Error(
        `unsupported JSON Schema dialect ${JSON.stringify(dialect)} (supported: 2020-12, draft-07)`,
      );
    // Ajv keeps every schema it compiled (by object and by $id): dropped with our cache, so it
    // stays bounded too.
    if (this.cache.size >= 500) {
      this.cache.clear();
      this.byObject = new WeakMap();
      this.ajv2020 = SchemaValidator.instance('2020');
      this.ajv07 = SchemaValidator.instance('07');
    }
    const validate = (which === '2020' ? this.ajv2020 : this.ajv07).compile(schema);
    this.cache.set(key, validate);
    return validate;
  }

  check(schema: Record<string, unknown>, value: unknown): SchemaCheck {
    let validate: ValidateFunction;
    try {
      validate = this.compile(schema);
    } catch (error) {
      return { valid: false, errors: [`invalid schema: ${(error as Error).message}`] };
    }
    return this.run(validate, value);
  }

  /**
   * The same, for a schema object that is checked against again and again (a tool's outputSchema on
   * every call): its compiled function is found by the object itself.
   */
  checkWith(schema: Record<string, unknown>, value: unknown): SchemaCheck {
    let validate = this.byObject.get(schema);
    if (!validate) {
      try {
        validate = this.compile(schema);
      } catch (error) {
        return { valid: false, errors: [`invalid schema: ${(error as Error).message}`] };
      }
      this.byObject.set(schema, validate);
    }
    return this.run(validate, value);
  }

  private run(validate: ValidateFunction, value: unknown): SchemaCheck {
    if (validate(value)) return { valid: true, errors: [] };
    return {
      valid: false,
      errors: (validate.errors ?? []).map((e) => {
        const where = e.instancePath || '(root)';
        // A long regular expression (a date-time's, say) tells a person nothing: name it instead.
        const pattern = (e.params as { pattern?: unknown }).pattern;
        if (e.keyword === 'pattern' && typeof pattern === 'string' && pattern.length > 40)
          return `${where} must match the pattern its schema gives`;
        return `${where} ${e.message ?? 'is invalid'}`;
      }),
    };
  }
}
