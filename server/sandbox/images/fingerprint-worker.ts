import { loadImage } from "@napi-rs/canvas";
import { type Fingerprint, shrink } from "./fingerprint.ts";

/**
 * Decodes an uploaded image and fingerprints it, on a worker thread (issue 16 item 2): a decode of a
 * large image takes hundreds of milliseconds and hundreds of megabytes, which on the server's own thread
 * stalled every other call. The pixel size was already checked from the header (visual-index.ts).
 */
export default async function fingerprintInWorker(bytes: Uint8Array): Promise<Fingerprint> {
  return shrink(await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
}
