import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { randomBase62, toBase62 } from "../platform/ids.ts";

/**
 * Keys look like `mlk_live_<32 random base62><6 checksum>`: 32 base62 characters carry 190 random bits;
 * the readable prefix tells a leaked key apart in logs and secret scanners; the CRC32 checksum lets us
 * refuse a mistyped or truncated key without a database look-up. Only a SHA-256 hash is stored (a key
 * has far too much entropy for a slow hash to matter, and the hot path looks it up on every call).
 */
export const KEY_PREFIX = "mlk_live_";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

export function generateApiKey(): string {
  const body = randomBase62(RANDOM_LENGTH);
  return `${KEY_PREFIX}${body}${checksum(body)}`;
}

export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_LENGTH);
  return key.endsWith(checksum(body));
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** What listings show of a key: enough to recognise it, far too little to use it. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}

function checksum(body: string): string {
  return toBase62(crc32(body), CHECKSUM_LENGTH);
}
