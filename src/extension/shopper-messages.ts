/** Errors in words a shopper understands, with what to do next. Codes are the spec's error codes. */

export const NO_TEXT_MESSAGE = "No text found in this image — nothing to translate.";

/**
 * Whether trying the same image again can succeed: not for a picture too large, in a format the engine
 * cannot read, gone from the page, or without text (the message says what to do instead).
 */
export function canRetry(code: string): boolean {
  return ![
    "IMAGE_TOO_LARGE",
    "PAYLOAD_TOO_LARGE",
    "UNSUPPORTED_IMAGE_FORMAT",
    "NOT_FOUND_ON_PAGE",
    "NO_TEXT",
  ].includes(code);
}

export function shopperMessage(code: string, detail?: string): string {
  switch (code) {
    case "IMAGE_TOO_LARGE":
    case "PAYLOAD_TOO_LARGE":
      return `This image is too large to translate (${detail ?? "over 20 MB or 8192 × 8192 pixels"}). Try a smaller version of the image.`;
    case "INVALID_IMAGE":
      return "Could not read this image: it may be broken or still loading. Reload the page and try again.";
    case "UNSUPPORTED_IMAGE_FORMAT":
      return `This image format (${detail ?? "unknown"}) cannot be translated yet: JPEG, PNG and WebP can.`;
    case "NETWORK_ERROR":
      return "Could not download this image. Check your connection, reload the page and try again.";
    case "NO_PERMISSION":
      return "Marketlens may not read images on this site. Allow it in the extension's settings, then try again.";
    case "NOT_FOUND_ON_PAGE":
      return "This image is no longer on the page. Right-click it again to translate it.";
    case "TRANSLATION_FAILED":
      return "The text in this image could not be translated. Try another translator in the settings.";
    case "FONT_GLYPH_COVERAGE":
    case "FONT_NOT_FOUND":
      return "The chosen font cannot write this language. Pick another font in the settings.";
    case "CANCELLED":
      return "Translation stopped.";
    default:
      return "Something went wrong while translating this image. Try again in a moment.";
  }
}
