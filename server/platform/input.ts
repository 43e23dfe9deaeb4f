import { z } from "zod";
import { type ErrorCode, GatewayError } from "../../src/contract/errors.ts";

/**
 * The one way input is read at the edge: a zod schema per input (a marketplace parameter table, an
 * image endpoint's query string, an admin body), and one translation of its first issue into the spec's
 * envelope. The edge names the code of its case (INVALID_PARAMS for parameters, BAD_REQUEST for the image
 * endpoints' query string); a schema may name a narrower code for one issue (INVALID_CURSOR for a
 * cursor) through the issue's `params.code`.
 */
export function readInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  code: ErrorCode,
  where?: string,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw inputError(result.error, code, where);
}

export function inputError(error: z.ZodError, code: ErrorCode, where?: string): GatewayError {
  const issue = error.issues[0]!;
  const parts = [...(where === undefined ? [] : [where]), ...issue.path.map((p) => printable(String(p)))];
  const path = parts.join(".") || "body";
  const narrower = issue.code === "custom" ? (issue.params?.code as ErrorCode | undefined) : undefined;
  return new GatewayError(narrower ?? code, `${path}: ${issue.message}`);
}

/** Adds an issue from inside a transform; `code` narrows the edge's error code for this one case. */
export function fail(
  ctx: z.core.$RefinementCtx,
  input: unknown,
  message: string,
  extra: { path?: (string | number)[]; code?: ErrorCode } = {},
): typeof z.NEVER {
  ctx.issues.push({
    code: "custom",
    message,
    input,
    ...(extra.path ? { path: extra.path } : {}),
    ...(extra.code ? { params: { code: extra.code } } : {}),
  });
  return z.NEVER;
}

/**
 * One value where one belongs: a list (a JSON array, or a name repeated in a query string) is refused
 * rather than merged or its first entry taken, so `query=a&query=b` or `"page": [2]` is never served.
 */
export function single<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((value, ctx) =>
      Array.isArray(value)
        ? fail(ctx, value, "expected one value, got a list (the name given more than once, or an array)")
        : value,
    )
    .pipe(schema);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

export function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** Names come from the caller: keep messages short and printable. */
export function printable(name: string): string {
  const safe = name.replace(/[^\x20-\x7e]/g, "?");
  return safe.length > 40 ? `${safe.slice(0, 37)}...` : safe;
}
