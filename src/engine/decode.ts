/** Stage 1: bytes to an upright, opaque RGBA raster, refusing bad input with the spec's errors. */
import { GatewayError } from "../contract/errors.ts";
import { type ImageHeader, readImageHeader } from "./image-header.ts";
import { applyOrientation } from "./orientation.ts";
import type { ImageCodec } from "./ports.ts";
import { flattenAlpha, type RgbaImage } from "./raster.ts";

export interface SourceImage {
  image: RgbaImage;
  header: ImageHeader;
}

export async function decodeImage(bytes: Uint8Array, codec: ImageCodec): Promise<SourceImage> {
  const header = readImageHeader(bytes);
  let decoded: Awaited<ReturnType<ImageCodec["decode"]>>;
  try {
    decoded = await codec.decode(bytes, header.format);
  } catch (cause) {
    throw new GatewayError(
      "INVALID_IMAGE",
      `The ${header.format.toUpperCase()} image could not be decoded.`,
      {
        cause,
      },
    );
  }
  let image = decoded.image;
  const swapped = header.orientation >= 5;
  const asStored = image.width === header.width && image.height === header.height;
  const upright = image.width === header.height && image.height === header.width;
  // A quarter-turn orientation shows in the decoded size whatever the port claims.
  const applied = swapped && header.width !== header.height ? upright : decoded.orientationApplied;
  if (!(asStored || (swapped && upright))) {
    throw new GatewayError(
      "INVALID_IMAGE",
      `The image decodes to ${image.width}x${image.height} pixels but its header says ${header.width}x${header.height}.`,
    );
  }
  if (!applied) image = applyOrientation(image, header.orientation);
  flattenAlpha(image);
  return { image, header };
}
