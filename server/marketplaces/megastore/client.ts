import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { ModuleRuntime } from "../shared/module-kit.ts";
import { callUpstream, parseJson, statusFault } from "../shared/upstream.ts";
import type { UpstreamContext } from "../types.ts";
import type { MegastoreUpstream } from "../upstream-config.ts";

/**
 * Walmart's affiliate product API (v2). Every request carries the consumer id, a millisecond timestamp,
 * the key version and an RSA-SHA256 signature of "consumerId\ntimestamp\nkeyVersion\n" made with the
 * private key whose public half is registered with Walmart. Errors: `{errors:[{code, message}]}`.
 */

const ErrorBody = z.object({
  errors: z.array(z.object({ code: z.union([z.number(), z.string()]), message: z.string().optional() })),
});

export class WalmartError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The signed headers of one request (exported for tests of the outgoing request). */
export function walmartHeaders(
  upstream: Pick<MegastoreUpstream, "consumerId" | "keyVersion">,
  key: KeyObject,
  now: Date,
): Record<string, string> {
  const timestamp = String(now.getTime());
  const canonical = `${upstream.consumerId}\n${timestamp}\n${upstream.keyVersion}\n`;
  return {
    "WM_CONSUMER.ID": upstream.consumerId,
    "WM_CONSUMER.INTIMESTAMP": timestamp,
    "WM_SEC.KEY_VERSION": upstream.keyVersion,
    "WM_SEC.AUTH_SIGNATURE": sign("RSA-SHA256", Buffer.from(canonical, "utf8"), key).toString("base64"),
  };
}

export class WalmartClient {
  readonly #upstream: MegastoreUpstream;
  readonly #runtime: ModuleRuntime;
  #key: KeyObject | undefined;

  constructor(upstream: MegastoreUpstream, runtime: ModuleRuntime) {
    this.#upstream = upstream;
    this.#runtime = runtime;
  }

  #privateKey(): KeyObject {
    if (!this.#key) {
      try {
        // Env files often carry the PEM on one line with literal \n.
        this.#key = createPrivateKey(this.#upstream.privateKey.replace(/\\n/g, "\n"));
      } catch {
        throw new GatewayError(
          "UPSTREAM_ERROR",
          "megastore: the configured private key cannot be read (PKCS#8 PEM expected)",
        );
      }
    }
    return this.#key;
  }

  url(path: string, query?: URLSearchParams): string {
    const q = new URLSearchParams(query);
    if (this.#upstream.publisherId) q.set("publisherId", this.#upstream.publisherId);
    const text = q.toString();
    return `${this.#upstream.url.replace(/\/+$/, "")}${path}${text ? `?${text}` : ""}`;
  }

  async get(path: string, query: URLSearchParams | undefined, ctx: UpstreamContext): Promise<unknown> {
    const headers = {
      ...walmartHeaders(this.#upstream, this.#privateKey(), this.#runtime.now()),
      accept: "application/json",
    };
    const target = {
      name: "megastore",
      transport: this.#runtime.transport,
      timeoutMs: this.#runtime.timeoutMs,
    };
    const answer = await callUpstream(target, ctx, this.url(path, query), { method: "GET", headers });
    if (answer.status === 200) return parseJson("megastore", answer);
    let body: unknown;
    try {
      body = JSON.parse(answer.text());
    } catch {
      body = undefined;
    }
    const first = ErrorBody.safeParse(body).data?.errors[0];
    const code = first?.code === undefined ? undefined : String(first.code);
    if (answer.status === 429 || answer.status >= 500)
      throw statusFault("megastore", answer.status, answer.headers, code, first?.message);
    if (answer.status === 401 || answer.status === 403) {
      throw new GatewayError(
        "UPSTREAM_ERROR",
        `megastore refused the gateway's credentials (HTTP ${answer.status}): ${first?.message ?? "no detail"}`,
        {
          ...(code ? { upstreamCode: code } : {}),
        },
      );
    }
    throw new WalmartError(answer.status, code, first?.message ?? `HTTP ${answer.status}`);
  }
}
