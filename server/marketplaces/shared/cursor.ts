import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { GatewayError } from "../../../src/contract/errors.ts";

/**
 * Opaque, tamper-evident paging tokens. A cursor carries the marketplace's own continuation state (a
 * Shopify endCursor, a Walmart maxId) inside a signed envelope bound to the marketplace, the operation
 * and the parameters it was issued for, so a cursor edited by hand, taken from another operation or
 * replayed with other filters answers INVALID_CURSOR instead of paging through something else. The
 * secret comes from config; several gateway processes behind one load balancer must share it.
 */

const VERSION = "c1";
const MAC_BYTES = 18;

export interface CursorScope {
  marketplace: string;
  operation: string;
  /** A digest of the parameters the cursor continues (see fingerprint()). */
  fingerprint: string;
}

export class CursorCodec {
  readonly #key: Buffer;

  constructor(secret: string | Buffer) {
    if (secret.length < 16) throw new RangeError("the cursor secret must be at least 16 bytes");
    this.#key = createHash("sha256").update(secret).digest();
  }

  encode(scope: CursorScope, state: Record<string, unknown>): string {
    const payload = Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
    return `${VERSION}.${payload}.${this.#mac(scope, payload)}`;
  }

  /** Throws INVALID_CURSOR for anything this codec did not issue for exactly this scope. */
  decode(scope: CursorScope, cursor: string): Record<string, unknown> {
    const parts = cursor.split(".");
    if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) throw notIssued(scope);
    const [, payload, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.#mac(scope, payload), "base64url");
    const given = Buffer.from(mac, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notIssued(scope);
    try {
      const state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      if (state === null || typeof state !== "object" || Array.isArray(state)) throw notIssued(scope);
      return state as Record<string, unknown>;
    } catch {
      throw notIssued(scope);
    }
  }

  #mac(scope: CursorScope, payload: string): string {
    return createHmac("sha256", this.#key)
      .update(`${VERSION}\n${scope.marketplace}\n${scope.operation}\n${scope.fingerprint}\n${payload}`)
      .digest()
      .subarray(0, MAC_BYTES)
      .toString("base64url");
  }
}

function notIssued(scope: CursorScope): GatewayError {
  return new GatewayError(
    "INVALID_CURSOR",
    `cursor: not issued by ${scope.marketplace} ${scope.operation} for these parameters; start again without it`,
  );
}

/** A stable digest of the parameters a cursor continues; key order and the cursor itself do not count. */
export function fingerprint(params: Record<string, unknown>): string {
  const { cursor: _cursor, ...rest } = params;
  return createHash("sha256").update(stableJson(rest)).digest("base64url").slice(0, 22);
}

function stableJson(value: unknown): string {
  if (Buffer.isBuffer(value)) return JSON.stringify(createHash("sha256").update(value).digest("hex"));
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
