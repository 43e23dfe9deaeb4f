import { GatewayError } from "../../../src/contract/errors.ts";
import {
  FLAG_FALSE,
  FLAG_TRUE,
  IMAGE_CONTENT_TYPES,
  type ImageInput,
  PARAMETER_NAMES,
} from "../../../src/contract/params.ts";
import type { RawCall } from "../types.ts";

/**
 * Reads a RawCall (query string or JSON body) against one operation's table. Every problem becomes the
 * spec's error with a message that names the parameter; nothing a caller sends can crash the reader:
 * wrong types, huge values, nested objects where a scalar belongs, prototype keys, arrays where one
 * value belongs, all answer INVALID_PARAMS.
 */

export type ParamSpec =
  | { kind: "string"; maxLength?: number }
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
    const spec = table.accepted[name as keyof Params]!;
    const value = readOne(name, raw[name], spec, call.form);
    if (value !== undefined) (out as Record<string, unknown>)[name] = value;
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

function readOne(name: string, value: unknown, spec: ParamSpec, form: RawCall["form"]): unknown {
  if (value === undefined || value === null) return undefined;
  // An empty query-string value (`?brands=`) reads as "not given", as HTML forms send it.
  if (value === "") return undefined;
  switch (spec.kind) {
    case "string":
      return readString(name, value, spec.maxLength ?? DEFAULT_MAX_STRING);
    case "list":
      return readList(name, value, form, spec.maxItems ?? DEFAULT_MAX_LIST, spec.maxLength ?? 200);
    case "number":
      return readNumber(name, value, spec.min, spec.max, false);
    case "integer":
      return readNumber(name, value, spec.min, spec.max, true);
    case "flag":
      return readFlag(name, value);
    case "enum": {
      const text = readString(name, value, 100).toLowerCase();
      if (!spec.values.includes(text))
        throw invalid(name, `${quote(text)} is not one of ${spec.values.join(", ")}`);
      return text;
    }
    case "enumList": {
      const items = (readList(name, value, form, 20, 50) ?? []).map((v) => v.toLowerCase());
      if (items.length === 0) return undefined;
      for (const item of items) {
        if (!spec.values.includes(item))
          throw invalid(name, `${quote(item)} is not one of ${spec.values.join(", ")}`);
      }
      return [...new Set(items)];
    }
    case "image":
      return readImage(name, value, spec.maxBase64Length, form);
    case "facets":
      return readFacets(name, value, form, spec.maxItems ?? DEFAULT_MAX_LIST);
    case "country": {
      const text = readString(name, value, 10).toUpperCase();
      if (!/^[A-Z]{2}$/.test(text))
        throw invalid(name, `${quote(text)} is not an ISO 3166-1 alpha-2 country code`);
      return text;
    }
    case "currency": {
      const text = readString(name, value, 10).toUpperCase();
      if (!/^[A-Z]{3}$/.test(text)) throw invalid(name, `${quote(text)} is not an ISO 4217 currency code`);
      return text;
    }
    case "language": {
      const text = readString(name, value, 20);
      if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(text)) {
        throw invalid(name, `${quote(text)} is not a language tag such as en or zh-CN`);
      }
      return text;
    }
  }
}

function readString(name: string, value: unknown, max: number): string {
  if (Array.isArray(value)) {
    if (value.length === 1) return readString(name, value[0], max);
    throw invalid(name, "given more than once; send one value");
  }
  if (typeof value === "number" && Number.isFinite(value)) value = String(value);
  if (typeof value !== "string") throw invalid(name, `expected a string, got ${typeName(value)}`);
  const text = value.trim();
  if (text.length === 0) throw invalid(name, "is empty");
  if (text.length > max) throw invalid(name, `is ${text.length} characters long; at most ${max}`);
  // Control characters never belong in a marketplace parameter and would break upstream signing.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u001f\u007f]/.test(text)) throw invalid(name, "contains control characters");
  return text;
}

function readList(name: string, value: unknown, form: RawCall["form"], maxItems: number, maxLength: number) {
  let items: unknown[];
  if (typeof value === "string") items = value.split(",");
  else if (Array.isArray(value)) {
    // A query string may repeat the name (?brands=a&brands=b,c): every occurrence is a comma list.
    items = form === "query" ? value.flatMap((v) => (typeof v === "string" ? v.split(",") : [v])) : value;
  } else throw invalid(name, `expected a list of strings, got ${typeName(value)}`);
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== "string") throw invalid(name, `every entry must be a string, got ${typeName(item)}`);
    const text = item.trim();
    if (text === "") continue;
    if (text.length > maxLength)
      throw invalid(name, `an entry is ${text.length} characters long; at most ${maxLength}`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
    if (/[\u0000-\u001f\u007f]/.test(text)) throw invalid(name, "an entry contains control characters");
    out.push(text);
  }
  if (out.length === 0) return undefined;
  if (out.length > maxItems) throw invalid(name, `has ${out.length} entries; at most ${maxItems}`);
  return out;
}

function readNumber(
  name: string,
  value: unknown,
  min: number | undefined,
  max: number | undefined,
  int: boolean,
) {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" || (Array.isArray(value) && value.length === 1)) {
    const text = readString(name, value, 40);
    const pattern = int ? /^[+]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
    if (!pattern.test(text)) throw invalid(name, `${quote(text)} is not ${int ? "an integer" : "a number"}`);
    n = Number(text);
  } else throw invalid(name, `expected ${int ? "an integer" : "a number"}, got ${typeName(value)}`);
  if (!Number.isFinite(n)) throw invalid(name, "is not a finite number");
  if (int && !Number.isSafeInteger(n)) throw invalid(name, `${n} is not an integer`);
  if (min !== undefined && n < min) throw invalid(name, `${n} is below the minimum ${min}`);
  if (max !== undefined && n > max) throw invalid(name, `${n} is above the maximum ${max}`);
  return n;
}

function readFlag(name: string, value: unknown): boolean {
  if (typeof value === "boolean") return value;
  const text = readString(name, value, 10).toLowerCase();
  if ((FLAG_TRUE as readonly string[]).includes(text)) return true;
  if ((FLAG_FALSE as readonly string[]).includes(text)) return false;
  throw invalid(name, `${quote(text)} is not a boolean (true or false)`);
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

function readImage(
  name: string,
  value: unknown,
  maxBase64Length: number,
  form: RawCall["form"],
): ParsedImage {
  let obj: unknown = value;
  // A query string can only carry the object as JSON text (?image={"contentType":...}).
  if (form === "query" && typeof value === "string") {
    try {
      obj = JSON.parse(value);
    } catch {
      throw invalid(name, "in a query string, send the object as JSON text {contentType, data}");
    }
  }
  if (obj === null || typeof obj !== "object" || Array.isArray(obj)) {
    throw invalid(name, `expected an object {contentType, data}, got ${typeName(obj)}`);
  }
  const { contentType, data, ...rest } = obj as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0)
    throw invalid(`${name}.${printable(extra[0]!)}`, "unknown field; an image has contentType and data");
  if (typeof contentType !== "string") throw invalid(`${name}.contentType`, "is required (a string)");
  const type = contentType.trim().toLowerCase();
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(type)) {
    throw invalid(`${name}.contentType`, `${quote(type)} is not one of ${IMAGE_CONTENT_TYPES.join(", ")}`);
  }
  if (typeof data !== "string" || data.length === 0)
    throw invalid(`${name}.data`, "is required (base64 image bytes)");
  if (data.length > maxBase64Length) {
    throw invalid(
      `${name}.data`,
      `is ${data.length} base64 characters; at most ${maxBase64Length} (about ${Math.round(maxBase64Length / 1048576)} MB)`,
    );
  }
  const compact = data.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw invalid(`${name}.data`, "is not base64");
  const bytes = Buffer.from(compact, "base64");
  const actual = sniff(bytes);
  if (!actual) throw invalid(`${name}.data`, "is not a JPEG, PNG, WebP, GIF or AVIF image");
  if (actual !== type) throw invalid(`${name}.contentType`, `says ${type} but the bytes are ${actual}`);
  return { contentType: type as ImageInput["contentType"], data: compact, bytes };
}

function readFacets(
  name: string,
  value: unknown,
  form: RawCall["form"],
  maxItems: number,
): FacetFilter[] | undefined {
  let items: unknown[];
  if (typeof value === "string") items = value.split(",");
  else if (Array.isArray(value))
    items = form === "query" ? value.flatMap((v) => (typeof v === "string" ? v.split(",") : [v])) : value;
  else if (typeof value === "object") items = [value];
  else
    throw invalid(
      name,
      `expected a list of "id:value" strings or {id, value} objects, got ${typeName(value)}`,
    );
  const out: FacetFilter[] = [];
  for (const item of items) {
    if (typeof item === "string") {
      const text = item.trim();
      if (text === "") continue;
      const at = text.indexOf(":");
      if (at <= 0 || at === text.length - 1)
        throw invalid(name, `${quote(text)} is not of the form id:value`);
      out.push(checkFacet(name, text.slice(0, at).trim(), text.slice(at + 1).trim()));
    } else if (item !== null && typeof item === "object" && !Array.isArray(item)) {
      const { id, value: v } = item as Record<string, unknown>;
      if (typeof id !== "string" || typeof v !== "string")
        throw invalid(name, "an object entry needs string id and value");
      out.push(checkFacet(name, id.trim(), v.trim()));
    } else throw invalid(name, `an entry is ${typeName(item)}; expected "id:value" or {id, value}`);
  }
  if (out.length === 0) return undefined;
  if (out.length > maxItems) throw invalid(name, `has ${out.length} entries; at most ${maxItems}`);
  return out;
}

function checkFacet(name: string, id: string, value: string): FacetFilter {
  if (id === "" || value === "") throw invalid(name, "a facet needs both an id and a value");
  if (id.length > 100 || value.length > 500) throw invalid(name, "a facet id or value is too long");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u001f\u007f]/.test(id + value)) throw invalid(name, "a facet contains control characters");
  return { id, value };
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** Parameter names come from the caller: keep messages short and printable. */
function printable(name: string): string {
  const safe = name.replace(/[^\x20-\x7e]/g, "?");
  return safe.length > 40 ? `${safe.slice(0, 37)}...` : safe;
}
