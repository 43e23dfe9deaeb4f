/**
 * Temporary arrays reused from one call to the next. Analysing and erasing a picture's lines needs many
 * short-lived typed arrays; allocated afresh, they come to tens of megabytes of ArrayBuffers per image,
 * which V8 counts towards the heap's growth limit, so they set off full collections (each tens of
 * milliseconds, with the fonts' large object graph to mark). The work that uses them is synchronous, so
 * one buffer per call site serves every call: an array taken here must not outlive the function that
 * took it, and each call site names its own key. Requests above a size cap are allocated normally, so a
 * huge picture's buffers are not held for the life of the process.
 */

const MAX_KEPT_BYTES = 16 << 20;
const buffers = new Map<string, ArrayBuffer>();

function buffer(key: string, bytes: number): ArrayBuffer | undefined {
  if (bytes > MAX_KEPT_BYTES) return undefined;
  const held = buffers.get(key);
  if (held !== undefined && held.byteLength >= bytes) return held;
  // Grow geometrically (to the cap), so a slowly growing series of requests does not reallocate each time.
  const grown = new ArrayBuffer(Math.min(MAX_KEPT_BYTES, Math.max(bytes, 2 * (held?.byteLength ?? 0))));
  buffers.set(key, grown);
  return grown;
}

/** A zero-filled Float32Array of `length`, reused by `key`. */
export function scratchFloat32(key: string, length: number): Float32Array {
  const b = buffer(key, length * 4);
  if (b === undefined) return new Float32Array(length);
  return new Float32Array(b, 0, length).fill(0);
}

/** A zero-filled Float64Array of `length`, reused by `key`. */
export function scratchFloat64(key: string, length: number): Float64Array {
  const b = buffer(key, length * 8);
  if (b === undefined) return new Float64Array(length);
  return new Float64Array(b, 0, length).fill(0);
}

/** A zero-filled Int32Array of `length`, reused by `key`. */
export function scratchInt32(key: string, length: number): Int32Array {
  const b = buffer(key, length * 4);
  if (b === undefined) return new Int32Array(length);
  return new Int32Array(b, 0, length).fill(0);
}

/** A zero-filled Uint8ClampedArray of `length` (pixel bytes), reused by `key`. */
export function scratchPixels(key: string, length: number): Uint8ClampedArray {
  const b = buffer(key, length);
  if (b === undefined) return new Uint8ClampedArray(length);
  return new Uint8ClampedArray(b, 0, length).fill(0);
}

/** A zero-filled Uint8Array of `length`, reused by `key`. */
export function scratchUint8(key: string, length: number): Uint8Array {
  const b = buffer(key, length);
  if (b === undefined) return new Uint8Array(length);
  return new Uint8Array(b, 0, length).fill(0);
}
