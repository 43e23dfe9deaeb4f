import { hashImageBytes, type ImageHash } from "./image-hash.ts";

/** Pictures a comparison reads: a picture that cannot be read or decoded is simply not compared. */

export async function readPicture(
  fetchImage: (url: string, signal: AbortSignal) => Promise<Uint8Array>,
  url: string,
  signal: AbortSignal,
): Promise<Uint8Array | undefined> {
  try {
    return await fetchImage(url, signal);
  } catch {
    return undefined;
  }
}

export async function hashOrUndefined(bytes: Uint8Array): Promise<ImageHash | undefined> {
  try {
    return await hashImageBytes(bytes);
  } catch {
    return undefined;
  }
}

export function contentTypeOf(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return "image/png";
  if (bytes[0] === 0x52 && bytes[1] === 0x49) return "image/webp";
  if (bytes[0] === 0x47 && bytes[1] === 0x49) return "image/gif";
  return "image/jpeg";
}
