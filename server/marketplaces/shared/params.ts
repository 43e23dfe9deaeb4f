import { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import {
  FLAG_FALSE,
  FLAG_TRUE,
  IMAGE_CONTENT_TYPES,
  type ImageInput,
  PARAMETER_NAMES,
} from "../../../src/contract/params.ts";
import {
  CONTROL_CHARACTERS,
  fail,
  inputError,
  printable,
  quote,
  single,
  typeName,
} from "../../platform/input.ts";
import type { RawCall } from "../types.ts";

/**
 * Reads a RawCall (query string or JSON body) against one operation's table. Each kind of parameter is a
 * zod schema (below); a table is read through them and the first issue becomes the spec's error with a
 * message that names the parameter (server/platform/input.ts, the same reader as every other edge).
 * Nothing a caller sends can crash the reader: wrong types, huge values, nested objects where a scalar
 * belongs, prototype keys, a list or a repeated name where one value belongs, all answer INVALID_PARAMS;
 * a cursor that cannot be one answers INVALID_CURSOR.
 */

export type ParamSpec =
  | { kind: "string"; maxLength?: number }
  | { kind: "cursor"; maxLength: number }
  | { kind: "list"; maxItems?: number; maxLength?: number }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "integer"; min?: number; max?: number }
  | { kind: "flag" }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "enumList"; values: readonly string[] }
  | { kind: "image"; maxBase64Length: number }
  | { kind: "facets"; maxItems?: number }
  | { kind: "country" }
  | { kind: "currency" }
  | { kind: "language" };

export interface FacetFilter {
  id: string;
  value: string;
}

export interface ParsedImage extends ImageInput {
  bytes: Buffer;
}

/** The typed values of the shared vocabulary, as a reader returns them. */
export interface Params {
  query?: string;
  brands?: string[];
  categoryId?: string;
  condition?: string;
  facets?: FacetFilter[];
  freeShipping?: boolean;
  inStock?: boolean;
  include?: string[];
  page?: number;
  pageSize?: number;
  cursor?: string;
  priceMin?: number;
  priceMax?: number;
  ratingMin?: number;
  region?: string;
  sort?: string;
  currency?: string;
  language?: string;
  image?: ParsedImage;
  productId?: string;
  browsableOnly?: boolean;
}

export interface OperationTable {
  /** What the operation is called in messages, e.g. "emporium search". */
  label: string;
  accepted: Partial<Record<keyof Params, ParamSpec>>;
  /**
   * Names the operation refuses by name, with the reason (spec "Not accepted" lists). A refusal may
   * name another code than INVALID_PARAMS (storefront `page` → PAGE_NOT_SUPPORTED).
   */
  refused?: Partial<Record<string, { reason: string; code?: "INVALID_PARAMS" | "PAGE_NOT_SUPPORTED" }>>;
  /** The operation's one required input and the code its absence answers. */
  required?: {
    name: keyof Params;
    code: "QUERY_REQUIRED" | "IMAGE_REQUIRED" | "CATEGORY_REQUIRED" | "INVALID_PARAMS";
  };
}

const KNOWN = new Set<string>(PARAMETER_NAMES);
const DEFAULT_MAX_STRING = 500;
const DEFAULT_MAX_LIST = 50;

export function invalid(name: string, message: string): GatewayError {
  return new GatewayError("INVALID_PARAMS", `${name}: ${message}`);
}

/** Parses and validates; throws GatewayError. Order: unknown and refused names, the required input, values. */
export function readParams(call: RawCall, table: OperationTable): Params {
  const raw = call.params;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new GatewayError("INVALID_PARAMS", "parameters must be a JSON object of named values");
  }
  const names = Object.keys(raw);
  for (const name of names) {
    // Own properties only: "__proto__" or "constructor" must never read the prototype.
    const refusal = table.refused && Object.hasOwn(table.refused, name) ? table.refused[name] : undefined;
    if (refusal) {
      throw new GatewayError(
        refusal.code ?? "INVALID_PARAMS",
        `${name}: not accepted by ${table.label}; ${refusal.reason}`,
      );
    }
    if (!Object.hasOwn(table.accepted, name)) {
      const accepted = Object.keys(table.accepted).join(", ");
      const what = KNOWN.has(name) ? "not accepted by" : "unknown parameter of";
      throw new GatewayError(
        "INVALID_PARAMS",
        `${printable(name)}: ${what} ${table.label} (accepted: ${accepted || "none"})`,
      );
    }
  }

  const out: Params = {};
  for (const name of names) {
    const value = raw[name];
    // Not given: absent, null, or an empty or blank query-string value (`?brands=`, as HTML forms send it).
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) continue;
    const parsed = schemaOf(table.accepted[name as keyof Params]!, call.form).safeParse(value);
    if (!parsed.success) throw inputError(parsed.error, "INVALID_PARAMS", name);
    if (parsed.data !== undefined) (out as Record<string, unknown>)[name] = parsed.data;
  }

  if (table.required && out[table.required.name] === undefined) {
    const { name, code } = table.required;
    throw new GatewayError(code, `${name} is required by ${table.label}`);
  }
  if (out.priceMin !== undefined && out.priceMax !== undefined && out.priceMin > out.priceMax) {
    throw invalid("priceMin", `${out.priceMin} is above priceMax ${out.priceMax}`);
  }
  return out;
}

// --- the schema of each kind of parameter (made once per spec and form, then reused on every call) ---

const schemas = new WeakMap<ParamSpec, Partial<Record<RawCall["form"], z.ZodType>>>();

function schemaOf(spec: ParamSpec, form: RawCall["form"]): z.ZodType {
  let byForm = schemas.get(spec);
  if (!byForm) {
    byForm = {};
    schemas.set(spec, byForm);
  }
  byForm[form] ??= buildSchema(spec, form);
  return byForm[form];
}

function buildSchema(spec: ParamSpec, form: RawCall["form"]): z.ZodType {
  switch (spec.kind) {
    case "string":
      return text(spec.maxLength ?? DEFAULT_MAX_STRING);
    case "cursor":
      return cursor(spec.maxLength);
    case "list":
      return list(form, spec.maxItems ?? DEFAULT_MAX_LIST, spec.maxLength ?? 200);
    case "number":
      return numeric(spec.min, spec.max, false);
    case "integer":
      return numeric(spec.min, spec.max, true);
    case "flag":
      return flag;
    case "enum":
      return text(100)
        .transform((v) => v.toLowerCase())
        .refine((v) => spec.values.includes(v), {
          error: (issue) => `${quote(String(issue.input))} is not one of ${spec.values.join(", ")}`,
        });
    case "enumList":
      return list(form, 20, 50).transform((items, ctx) => {
        if (items === undefined) return undefined;
        const lower = items.map((v) => v.toLowerCase());
        const wrong = lower.find((item) => !spec.values.includes(item));
        if (wrong !== undefined)
          return fail(ctx, items, `${quote(wrong)} is not one of ${spec.values.join(", ")}`);
        return [...new Set(lower)];
      });
    case "image":
      return image(spec.maxBase64Length, form);
    case "facets":
      return facets(form, spec.maxItems ?? DEFAULT_MAX_LIST);
    case "country":
      return code(10, /^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code", true);
    case "currency":
      return code(10, /^[A-Z]{3}$/, "an ISO 4217 currency code", true);
    case "language":
      return code(20, /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, "a language tag such as en or zh-CN", false);
  }
}

/** One printable string, trimmed; a finite number is read as its text (a JSON body may send 42 for "42"). */
function text(max: number) {
  return single(
    z.unknown().transform((value, ctx) => {
      if (typeof value === "number" && Number.isFinite(value)) value = String(value);
      if (typeof value !== "string") return fail(ctx, value, `expected a string, got ${typeName(value)}`);
      const trimmed = value.trim();
      if (trimmed.length === 0) return fail(ctx, value, "is empty");
      if (trimmed.length > max)
        return fail(ctx, value, `is ${trimmed.length} characters long; at most ${max}`);
      // Control characters never belong in a marketplace parameter and would break upstream signing.
      if (CONTROL_CHARACTERS.test(trimmed)) return fail(ctx, value, "contains control characters");
      return trimmed;
    }),
  );
}

/**
 * An opaque paging token: whatever is wrong with it (not one string, too long, control characters) it
 * cannot be one this service issued, so the answer is INVALID_CURSOR, the spec's code for that case.
 */
function cursor(max: number) {
  return z.unknown().transform((value, ctx) => {
    const notIssued = (why: string) =>
      fail(ctx, value, `${why}; it was not issued by this operation: start again without it`, {
        code: "INVALID_CURSOR",
      });
    if (typeof value !== "string") return notIssued(`expected one string, got ${typeName(value)}`);
    const trimmed = value.trim();
    if (trimmed.length > max) return notIssued(`is ${trimmed.length} characters long; at most ${max}`);
    if (CONTROL_CHARACTERS.test(trimmed)) return notIssued("contains control characters");
    return trimmed;
  });
}

function code(max: number, pattern: RegExp, what: string, upper: boolean) {
  return text(max)
    .transform((v) => (upper ? v.toUpperCase() : v))
    .refine((v) => pattern.test(v), { error: (issue) => `${quote(String(issue.input))} is not ${what}` });
}

function numeric(min: number | undefined, max: number | undefined, int: boolean) {
  const pattern = int ? /^[+]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
  const kind = int ? "an integer" : "a number";
  return single(
    z.unknown().transform((value, ctx) => {
      let n: number;
      if (typeof value === "number") n = value;
      else if (typeof value === "string") {
        const given = value.trim();
        if (given.length > 40) return fail(ctx, value, `is ${given.length} characters long; at most 40`);
        if (!pattern.test(given)) return fail(ctx, value, `${quote(given)} is not ${kind}`);
        n = Number(given);
      } else return fail(ctx, value, `expected ${kind}, got ${typeName(value)}`);
      if (!Number.isFinite(n)) return fail(ctx, value, "is not a finite number");
      if (int && !Number.isSafeInteger(n)) return fail(ctx, value, `${n} is not an integer`);
      if (min !== undefined && n < min) return fail(ctx, value, `${n} is below the minimum ${min}`);
      if (max !== undefined && n > max) return fail(ctx, value, `${n} is above the maximum ${max}`);
      return n;
    }),
  );
}

const flag = single(
  z.unknown().transform((value, ctx) => {
    if (typeof value === "boolean") return value;
    if (typeof value !== "string") return fail(ctx, value, `expected a boolean, got ${typeName(value)}`);
    const word = value.trim().toLowerCase();
    if ((FLAG_TRUE as readonly string[]).includes(word)) return true;
    if ((FLAG_FALSE as readonly string[]).includes(word)) return false;
    return fail(ctx, value, `${quote(word)} is not a boolean (true or false)`);
  }),
);

/** Entries of a list: a comma list in a string; a query string may also repeat the name, each a comma list. */
function entries(value: unknown, form: RawCall["form"]): unknown[] | undefined {
  if (typeof value === "string") return value.split(",");
  if (!Array.isArray(value)) return undefined;
  return form === "query" ? value.flatMap((v) => (typeof v === "string" ? v.split(",") : [v])) : value;
}

function list(form: RawCall["form"], maxItems: number, maxLength: number) {
  return z.unknown().transform((value, ctx): string[] | undefined => {
    const items = entries(value, form);
    if (!items) return fail(ctx, value, `expected a list of strings, got ${typeName(value)}`);
    const out: string[] = [];
    for (const item of items) {
      if (typeof item !== "string")
        return fail(ctx, value, `every entry must be a string, got ${typeName(item)}`);
      const entry = item.trim();
      if (entry === "") continue;
      if (entry.length > maxLength)
        return fail(ctx, value, `an entry is ${entry.length} characters long; at most ${maxLength}`);
      if (CONTROL_CHARACTERS.test(entry)) return fail(ctx, value, "an entry contains control characters");
      out.push(entry);
    }
    if (out.length > maxItems) return fail(ctx, value, `has ${out.length} entries; at most ${maxItems}`);
    return out.length === 0 ? undefined : out;
  });
}

function facets(form: RawCall["form"], maxItems: number) {
  return z.unknown().transform((value, ctx): FacetFilter[] | undefined => {
    const items = entries(value, form) ?? (value !== null && typeof value === "object" ? [value] : undefined);
    if (!items) {
      return fail(
        ctx,
        value,
        `expected a list of "id:value" strings or {id, value} objects, got ${typeName(value)}`,
      );
    }
    const out: FacetFilter[] = [];
    for (const item of items) {
      let id: unknown;
      let v: unknown;
      if (typeof item === "string") {
        const entry = item.trim();
        if (entry === "") continue;
        const at = entry.indexOf(":");
        if (at <= 0 || at === entry.length - 1)
          return fail(ctx, value, `${quote(entry)} is not of the form id:value`);
        [id, v] = [entry.slice(0, at), entry.slice(at + 1)];
      } else if (item !== null && typeof item === "object" && !Array.isArray(item)) {
        ({ id, value: v } = item as Record<string, unknown>);
        if (typeof id !== "string" || typeof v !== "string")
          return fail(ctx, value, "an object entry needs string id and value");
      } else return fail(ctx, value, `an entry is ${typeName(item)}; expected "id:value" or {id, value}`);
      const facet = { id: (id as string).trim(), value: (v as string).trim() };
      if (facet.id === "" || facet.value === "")
        return fail(ctx, value, "a facet needs both an id and a value");
      if (facet.id.length > 100 || facet.value.length > 500)
        return fail(ctx, value, "a facet id or value is too long");
      if (CONTROL_CHARACTERS.test(facet.id + facet.value))
        return fail(ctx, value, "a facet contains control characters");
      out.push(facet);
    }
    if (out.length > maxItems) return fail(ctx, value, `has ${out.length} entries; at most ${maxItems}`);
    return out.length === 0 ? undefined : out;
  });
}

/** Magic numbers of the accepted types, so a mislabelled or garbage upload is refused before any I/O. */
function sniff(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "image/png";
  }
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "image/webp";
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return "image/gif";
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 4, 8) === "ftyp" &&
    /^avi[fs]$/.test(bytes.toString("latin1", 8, 12))
  ) {
    return "image/avif";
  }
  return undefined;
}

/** `{contentType, data}` (JSON text in a query string): base64 bytes whose magic number matches the type. */
function image(maxBase64Length: number, form: RawCall["form"]) {
  return z.unknown().transform((value, ctx): ParsedImage => {
    let obj: unknown = value;
    // A query string can only carry the object as JSON text (?image={"contentType":...}).
    if (form === "query" && typeof value === "string") {
      try {
        obj = JSON.parse(value);
      } catch {
        return fail(ctx, value, "in a query string, send the object as JSON text {contentType, data}");
      }
    }
    if (obj === null || typeof obj !== "object" || Array.isArray(obj))
      return fail(ctx, value, `expected an object {contentType, data}, got ${typeName(obj)}`);
    const { contentType, data, ...rest } = obj as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined)
      return fail(ctx, value, "unknown field; an image has contentType and data", { path: [extra] });
    const at = (field: "contentType" | "data", message: string) =>
      fail(ctx, value, message, { path: [field] });
    if (typeof contentType !== "string") return at("contentType", "is required (a string)");
    const type = contentType.trim().toLowerCase();
    if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(type))
      return at("contentType", `${quote(type)} is not one of ${IMAGE_CONTENT_TYPES.join(", ")}`);
    if (typeof data !== "string" || data.length === 0) return at("data", "is required (base64 image bytes)");
    if (data.length > maxBase64Length) {
      return at(
        "data",
        `is ${data.length} base64 characters; at most ${maxBase64Length} (about ${Math.round(maxBase64Length / 1048576)} MB)`,
      );
    }
    const compact = data.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return at("data", "is not base64");
    const bytes = Buffer.from(compact, "base64");
    const actual = sniff(bytes);
    if (!actual) return at("data", "is not a JPEG, PNG, WebP, GIF or AVIF image");
    if (actual !== type) return at("contentType", `says ${type} but the bytes are ${actual}`);
    return { contentType: type as ImageInput["contentType"], data: compact, bytes };
  });
}
