/**
 * Refusals of the dashboard's fonts API (upload, delete, preview), answered as
 * `{success: false, error: {code, message}}`. These are not /v1 codes: upload problems are reported in the
 * dashboard, not by the API (spec: FONT_* codes).
 */
export const FONT_REQUEST_STATUS = {
  BAD_REQUEST: 400,
  FONT_NOT_FOUND: 404,
  FONT_LIMIT_REACHED: 409,
  FONT_TOO_LARGE: 413,
  FONT_FORMAT_UNSUPPORTED: 415,
  FONT_INVALID: 422,
  FONT_GLYPH_COVERAGE: 422,
  FONT_CHECK_UNAVAILABLE: 503,
} as const;

export type FontRequestCode = keyof typeof FONT_REQUEST_STATUS;

export class FontRequestError extends Error {
  override name = "FontRequestError";
  constructor(
    readonly code: FontRequestCode,
    message: string,
  ) {
    super(message);
  }

  get status(): (typeof FONT_REQUEST_STATUS)[FontRequestCode] {
    return FONT_REQUEST_STATUS[this.code];
  }
}
