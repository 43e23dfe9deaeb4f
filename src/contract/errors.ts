import { z } from "zod";

/**
 * Every error code of the spec, with its HTTP status. The spec leaves three statuses open
 * (FONT_NOT_FOUND, FONT_NOT_READY, FONT_GLYPH_COVERAGE); our choices are recorded in docs/errors.md.
 * WORKER_USER_FAULT is "4xx": its default is 400 and a thrower may give a narrower 4xx.
 */
export const ERROR_STATUS = {
  // Account
  UNAUTHORIZED: 401,
  INSUFFICIENT_BALANCE: 402,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  // Backpressure
  CAPACITY_SATURATED: 429,
  MARKETPLACE_SATURATED: 429,
  // Request
  UNKNOWN_MARKETPLACE: 404,
  UNKNOWN_OPERATION: 404,
  INVALID_PARAMS: 400,
  QUERY_REQUIRED: 400,
  IMAGE_REQUIRED: 400,
  CATEGORY_REQUIRED: 400,
  CATEGORY_NOT_BROWSABLE: 400,
  BROWSABLE_ONLY_UNAVAILABLE: 400,
  INVALID_CURSOR: 400,
  PAGE_NOT_SUPPORTED: 400,
  CURRENCY_NOT_SUPPORTED: 400,
  INVALID_PRODUCT_ID: 400,
  PRODUCT_NOT_FOUND: 404,
  REVIEWS_NOT_FOUND: 404,
  // Coverage
  OPERATION_UNSUPPORTED: 501,
  REVIEW_APP_UNSUPPORTED: 501,
  REVIEWS_UNREACHABLE: 501,
  // Upstream
  UPSTREAM_ERROR: 502,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_READ_FAILED: 502,
  UPSTREAM_TIMEOUT: 502,
  SERVICE_UNAVAILABLE: 503,
  // Platform
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  NOT_IN_V1: 404,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  // Image translation
  INVALID_IMAGE: 422,
  UNSUPPORTED_IMAGE_FORMAT: 422,
  IMAGE_TOO_LARGE: 413,
  NETWORK_ERROR: 504,
  TRANSLATION_FAILED: 502,
  RENDER_FAILED: 502,
  ROUTING_INCIDENT: 502,
  WORKER_USER_FAULT: 400,
  FONT_NOT_FOUND: 404,
  FONT_NOT_READY: 409,
  FONT_GLYPH_COVERAGE: 422,
  FONT_AUTH_REQUIRED: 401,
  FONT_RESOLVE_ERROR: 500,
  // Crossborder
  ITEM_NOT_FOUND: 404,
  PROHIBITED_COUNTRY: 403,
  TOKEN_EXPIRED: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What each code means, in the spec's words, for documentation and clients. */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  UNAUTHORIZED: "no key, or a revoked, expired, malformed or unknown key",
  INSUFFICIENT_BALANCE: "the call costs more than the remaining credit; top up, do not retry",
  FORBIDDEN: "the key's scopes do not allow this call",
  ACCOUNT_SUSPENDED: "the account is suspended; every key on it is refused",
  CAPACITY_SATURATED: "no capacity for this call; wait Retry-After seconds",
  MARKETPLACE_SATURATED: "no capacity on this marketplace; wait Retry-After seconds",
  UNKNOWN_MARKETPLACE: "no such marketplace",
  UNKNOWN_OPERATION: "the marketplace does not implement the operation",
  INVALID_PARAMS: "a parameter is missing, unknown or out of range; the message names it",
  QUERY_REQUIRED: "the operation's one required input, query, is absent",
  IMAGE_REQUIRED: "the operation's one required input, image, is absent",
  CATEGORY_REQUIRED: "the operation's one required input, categoryId, is absent",
  CATEGORY_NOT_BROWSABLE:
    "the category is a navigation hub; call categories with the same id and browse a child",
  BROWSABLE_ONLY_UNAVAILABLE: "browsableOnly=true on a marketplace without measurements; omit it",
  INVALID_CURSOR: "the cursor was not issued by this operation; start again without it",
  PAGE_NOT_SUPPORTED: "the operation pages by cursor, not page",
  CURRENCY_NOT_SUPPORTED: "the marketplace does not price in that currency",
  INVALID_PRODUCT_ID: "the id is not of a kind the marketplace uses",
  PRODUCT_NOT_FOUND: "no such product",
  REVIEWS_NOT_FOUND: "the product exists and has no reviews",
  OPERATION_UNSUPPORTED: "the operation exists but not for this input",
  REVIEW_APP_UNSUPPORTED: "the merchant publishes reviews through an unsupported app",
  REVIEWS_UNREACHABLE: "reviews are known to exist but none came back",
  UPSTREAM_ERROR:
    "the marketplace (or image processing) answered with something unusable; retry with backoff",
  UPSTREAM_UNAVAILABLE: "the marketplace did not answer; retry with backoff",
  UPSTREAM_READ_FAILED: "the marketplace's answer was cut short; retry with backoff",
  UPSTREAM_TIMEOUT: "the marketplace did not answer in time; retry with backoff",
  SERVICE_UNAVAILABLE: "a transient fault or over capacity; retry with backoff",
  BAD_REQUEST: "the request cannot be read: malformed body, unparseable query string, empty image body",
  UNSUPPORTED_MEDIA_TYPE: "a JSON endpoint got a non-JSON type, or an image endpoint a non-image type",
  PAYLOAD_TOO_LARGE: "the body is larger than the endpoint accepts (images: 20 MB)",
  NOT_FOUND: "no route at that path",
  NOT_IN_V1: "the path predates /v1; `successor` and the Link header name its replacement",
  RATE_LIMITED: "the key exceeded its calls a second; wait Retry-After seconds",
  QUOTA_EXCEEDED: "the account has no billing arrangement covering this API",
  INTERNAL_ERROR: "a fault on our side; retry, and quote requestId if it persists",
  INVALID_IMAGE: "the bytes are not a readable image",
  UNSUPPORTED_IMAGE_FORMAT: "a readable image in a format we do not translate",
  IMAGE_TOO_LARGE: "the image's pixel dimensions are over 8192 x 8192; the message gives both",
  NETWORK_ERROR: "an image URL did not answer in time",
  TRANSLATION_FAILED: "text was read but nothing could be translated",
  RENDER_FAILED: "the translation could not be drawn back",
  ROUTING_INCIDENT: "the request could not be processed; retry",
  WORKER_USER_FAULT: "the request was refused; the status and message give the reason",
  FONT_NOT_FOUND: "user/<id> does not exist or is not one of the caller's fonts",
  FONT_NOT_READY: "the font was deleted or rejected",
  FONT_GLYPH_COVERAGE: "the font lacks the script the target language needs; the message names both",
  FONT_AUTH_REQUIRED: "a private font named without a key that owns it",
  FONT_RESOLVE_ERROR: "the font could not be loaded",
  ITEM_NOT_FOUND: "the product does not exist on the marketplace",
  PROHIBITED_COUNTRY: "shipping is not available to the requested country",
  TOKEN_EXPIRED: "the marketplace is temporarily unavailable; retry later",
};
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Codes after which a retry with backoff can succeed (spec: Retry rules). */
export const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "UPSTREAM_ERROR",
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_READ_FAILED",
  "UPSTREAM_TIMEOUT",
  "SERVICE_UNAVAILABLE",
  "TOKEN_EXPIRED",
]);

/** Codes whose caller waits `Retry-After` seconds and tries again. */
export const RETRY_AFTER_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "CAPACITY_SATURATED",
  "MARKETPLACE_SATURATED",
  "RATE_LIMITED",
]);

export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    requestId: z.string().optional().describe("present on every gateway error"),
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
    }),
    successor: z.string().optional().describe("NOT_IN_V1: the /v1 path that replaces the old one"),
    upstreamCode: z.string().optional().describe("the marketplace's own error number, when it gave one"),
    retryAfterMs: z
      .number()
      .int()
      .optional()
      .describe("429s: the wait in milliseconds (Retry-After rounds it up to seconds)"),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export interface GatewayErrorOptions {
  /** Overrides the table's status; only WORKER_USER_FAULT uses it (any 4xx). */
  status?: number;
  retryAfterMs?: number;
  upstreamCode?: string;
  successor?: string;
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error class of the service: anything thrown that is not a GatewayError becomes INTERNAL_ERROR
 * with no detail leaked. Runtime-free so the engine, the client and the server all share it.
 */
export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterMs: number | undefined;
  readonly upstreamCode: string | undefined;
  readonly successor: string | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "GatewayError";
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.retryAfterMs = options.retryAfterMs;
    this.upstreamCode = options.upstreamCode;
    this.successor = options.successor;
    this.headers = options.headers ?? {};
  }

  toBody(requestId: string | undefined): ErrorBody {
    return {
      success: false,
      ...(requestId === undefined ? {} : { requestId }),
      error: { code: this.code, message: this.message },
      ...(this.successor === undefined ? {} : { successor: this.successor }),
      ...(this.upstreamCode === undefined ? {} : { upstreamCode: this.upstreamCode }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}
