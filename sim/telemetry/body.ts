// Strict request-body validation: unknown fields, missing required fields and wrong types are
// 400s that name the field; timestamps must be RFC 3339.
import { ApiError, invalidRequest } from './errors.js';
import { parseRfc3339 } from './time.js';

export type FieldType = 'string' | 'integer' | 'strings' | 'time';

export class Body {
  private readonly raw: Record<string, unknown>;

  constructor(raw: unknown, schema: Record<string, FieldType>, required: readonly string[] = []) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw invalidRequest('the request body must be a JSON object');
    }
    this.raw = raw as Record<string, unknown>;
    for (const [k, v] of Object.entries(this.raw)) {
      const type = schema[k];
      if (!type) throw invalidRequest(`unknown field "${k}"`, { field: k });
      if (v === null) throw invalidRequest(`field "${k}" must not be null`, { field: k });
      const ok =
        type === 'integer'
          ? Number.isInteger(v)
          : type === 'strings'
            ? Array.isArray(v) && v.every((x) => typeof x === 'string')
            : typeof v === 'string';
      if (!ok) {
        const want =
          type === 'strings' ? 'an array of strings' : type === 'integer' ? 'an integer' : 'a string';
        throw invalidRequest(`field "${k}" must be ${want}`, { field: k });
      }
      if (type === 'time' && parseRfc3339(v as string) === undefined) {
        throw new ApiError(400, 'invalid_timestamp', `field "${k}" is not an RFC 3339 timestamp`, {
          field: k,
        });
      }
    }
    for (const k of required) {
      if (this.raw[k] === undefined) throw invalidRequest(`missing required field "${k}"`, { field: k });
    }
  }

  str(name: string): string | undefined {
    return this.raw[name] as string | undefined;
  }
  int(name: string): number | undefined {
    return this.raw[name] as number | undefined;
  }
  strs(name: string): string[] | undefined {
    return this.raw[name] as string[] | undefined;
  }
  time(name: string): number | undefined {
    const v = this.raw[name];
    return typeof v === 'string' ? parseRfc3339(v) : undefined;
  }
}

/** An optional integer within [min, max], or the default; 400 naming the field otherwise. */
export function intInRange(b: Body, name: string, min: number, max: number, def: number): number {
  const v = b.int(name);
  if (v === undefined) return def;
  if (v < min || v > max)
    throw invalidRequest(`field "${name}" must be between ${min} and ${max}`, { field: name });
  return v;
}
