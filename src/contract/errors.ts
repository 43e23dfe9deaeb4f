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
