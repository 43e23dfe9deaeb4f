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

interface TypedArrayKind<T> {
  readonly BYTES_PER_ELEMENT: number;
  new (length: number): T;
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
}

/** A `kind` array of `length` over the buffer reused by `key` (zero-filled unless `zero` is false). */
function scratch<T extends { fill(value: number): T }>(
  kind: TypedArrayKind<T>,
  key: string,
  length: number,
  zero: boolean,
): T {
  const b = buffer(key, length * kind.BYTES_PER_ELEMENT);
  if (b === undefined) return new kind(length);
  const array = new kind(b, 0, length);
  return zero ? array.fill(0) : array;
}

export const scratchFloat32 = (key: string, length: number, zero = true): Float32Array =>
  scratch(Float32Array, key, length, zero);
export const scratchFloat64 = (key: string, length: number, zero = true): Float64Array =>
  scratch(Float64Array, key, length, zero);
export const scratchInt32 = (key: string, length: number, zero = true): Int32Array =>
  scratch(Int32Array, key, length, zero);
/** Pixel bytes. */
export const scratchPixels = (key: string, length: number, zero = true): Uint8ClampedArray =>
  scratch(Uint8ClampedArray, key, length, zero);
export const scratchUint8 = (key: string, length: number, zero = true): Uint8Array =>
  scratch(Uint8Array, key, length, zero);
