/**
 * Temporary arrays reused from one call to the next. Analysing and erasing a picture's lines needs many
 * short-lived typed arrays; allocated afresh, they come to tens of megabytes of ArrayBuffers per image,
 * which V8 counts towards the heap's growth limit, so they set off full collections (each tens of
 * milliseconds, with the fonts' large object graph to mark). The work that uses them is synchronous, so
 * one buffer per call site serves every call: an array taken here must not outlive the function that
 * took it, and each call site names its own key. Requests above a size cap are allocated normally, so a
 * huge picture's buffers are not held for the life of the process.
 *
 * Each array comes zero-filled unless `zero` is false, for a caller that writes every element before it
 * reads it: clearing buffers that are overwritten anyway came to megabytes of memory traffic per image.
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

/** A Float32Array of `length`, reused by `key`. */
export function scratchFloat32(key: string, length: number, zero = true): Float32Array {
  const b = buffer(key, length * 4);
  if (b === undefined) return new Float32Array(length);
  const array = new Float32Array(b, 0, length);
  return zero ? array.fill(0) : array;
}

/** A Float64Array of `length`, reused by `key`. */
export function scratchFloat64(key: string, length: number, zero = true): Float64Array {
  const b = buffer(key, length * 8);
  if (b === undefined) return new Float64Array(length);
  const array = new Float64Array(b, 0, length);
  return zero ? array.fill(0) : array;
}

/** A Int32Array of `length`, reused by `key`. */
export function scratchInt32(key: string, length: number, zero = true): Int32Array {
  const b = buffer(key, length * 4);
  if (b === undefined) return new Int32Array(length);
  const array = new Int32Array(b, 0, length);
  return zero ? array.fill(0) : array;
}

/** A Uint8ClampedArray of `length` (pixel bytes), reused by `key`. */
export function scratchPixels(key: string, length: number, zero = true): Uint8ClampedArray {
  const b = buffer(key, length);
  if (b === undefined) return new Uint8ClampedArray(length);
  const array = new Uint8ClampedArray(b, 0, length);
  return zero ? array.fill(0) : array;
}

/** A Uint8Array of `length`, reused by `key`. */
export function scratchUint8(key: string, length: number, zero = true): Uint8Array {
  const b = buffer(key, length);
  if (b === undefined) return new Uint8Array(length);
  const array = new Uint8Array(b, 0, length);
  return zero ? array.fill(0) : array;
}
