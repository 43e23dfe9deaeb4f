import { randomBase62 } from "../../server/platform/ids.ts";
import type { ServerProcess } from "./server-process.ts";

export interface RevocationDelays {
  /** Milliseconds from the revoking request's answer to the other process's first refusal, sorted. */
  delaysMs: number[];
  p99Ms: number;
  maxMs: number;
  /** Calls the other process served that started after the revoking request had answered. */
  servedAfter: number;
}

/**
 * Revokes keys (and suspends accounts) on `a` while `b` has them cached, and measures how long `b` goes
 * on serving them: `b` is called back to back from the moment `a` answered.
 */
export async function revocationDelays(
  a: ServerProcess,
  b: ServerProcess,
  adminToken: string,
  counts: { keys: number; suspensions: number },
): Promise<RevocationDelays> {
  const admin = async (path: string, body?: unknown, method = "POST") => {
    const res = await fetch(`${a.url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      body: res.status === 204 ? null : ((await res.json()) as Record<string, string>),
    };
  };
  const call = (server: ServerProcess, key: string) =>
    fetch(`${server.url}/v1/marketplaces`, { headers: { "x-api-key": key } }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  const newAccount = async () =>
    (await admin("/accounts", { email: `${randomBase62(8)}@example.com`, credit: "1.00" })).body!.accountId!;
  const newKey = async (accountId: string) =>
    (await admin(`/accounts/${accountId}/keys`, {})).body as {
      keyId: string;
      key: string;
    };

  const delaysMs: number[] = [];
  let servedAfter = 0;
  const measure = async (key: string, revoke: () => Promise<number>, refusedWith: number) => {
    // Both processes serve the key (and so hold it in their caches) before it is revoked. Under a heavy
    // load a first call can be turned away for a moment; what is measured starts after both served it.
    let before: number[] = [];
    for (const started = performance.now(); performance.now() - started < 3_000; ) {
      before = [await call(a, key), await call(b, key)];
      if (before.every((status) => status === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (before.some((status) => status !== 200)) {
      throw new Error(`key not served before the revocation: ${before.join(" and ")} from the two processes`);
    }
    const status = await revoke();
    if (status >= 300) throw new Error(`revocation answered ${status}`);
    const revokedAt = performance.now();
    for (;;) {
      const startedAt = performance.now();
      const answer = await call(b, key);
      if (answer === refusedWith) {
        delaysMs.push(startedAt - revokedAt);
        return;
      }
      servedAfter++;
      if (startedAt - revokedAt > 5_000) throw new Error("still served 5 s after the revocation");
    }
  };
  const shared = await newAccount();
  for (let i = 0; i < counts.keys; i++) {
    const { keyId, key } = await newKey(shared);
    await measure(key, async () => (await admin(`/keys/${keyId}`, undefined, "DELETE")).status, 401);
  }
  for (let i = 0; i < counts.suspensions; i++) {
    const accountId = await newAccount();
    const { key } = await newKey(accountId);
    await measure(key, async () => (await admin(`/accounts/${accountId}/suspend`, {})).status, 403);
  }
  delaysMs.sort((x, y) => x - y);
  const p99 = delaysMs[Math.min(delaysMs.length - 1, Math.ceil(delaysMs.length * 0.99) - 1)] ?? 0;
  return {
    delaysMs: delaysMs.map((d) => Math.round(d * 10) / 10),
    p99Ms: Math.round(p99 * 10) / 10,
    maxMs: Math.round((delaysMs.at(-1) ?? 0) * 10) / 10,
    servedAfter,
  };
}
