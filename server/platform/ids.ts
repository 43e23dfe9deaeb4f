import { randomFillSync } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * CSPRNG bytes drawn from a pooled buffer refilled 4 KiB at a time: a request id on every call would
 * otherwise be a system call on every call. Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

/** `length` base62 characters from the system CSPRNG, without modulo bias (rejection sampling). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62]; // 248 = 4 * 62: keep bytes that map evenly
  }
  return out;
}

export function toBase62(value: number, width: number): string {
  let out = "";
  let n = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/**
 * Request ids sort by time (10 base62 chars of milliseconds) and are unique (12 random chars), so logs
 * and ledger entries of one call line up and an id quoted by a customer is easy to find.
 */
export function newRequestId(now = Date.now()): string {
  return `req_${toBase62(now, 8)}${randomBase62(12)}`;
}

export const newAccountId = (): string => `acc_${randomBase62(16)}`;
export const newKeyId = (): string => `key_${randomBase62(16)}`;
