import { createHmac } from "node:crypto";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { ModuleRuntime } from "../shared/module-kit.ts";
import { callUpstream, parseJson, statusFault } from "../shared/upstream.ts";
import type { UpstreamContext } from "../types.ts";
import type { CrossborderUpstream } from "../upstream-config.ts";

/**
 * The AliExpress open platform's signed sync gateway (IOP): every call is a POST to /sync carrying the
 * method name, app key, millisecond timestamp, sign_method=sha256, the seller's access token and the
 * business parameters; `sign` is the upper-case hex HMAC-SHA256, keyed with the app secret, of every
 * other parameter as key+value concatenated in key order. Errors come in three layers: a gateway
 * `error_response` (usually HTTP 200), a business code inside the answer, or an empty result.
 */

/** Sorted key+value concatenation, HMAC-SHA256 with the app secret, upper-case hex. */
export function iopSign(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== "sign")
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join("");
  return createHmac("sha256", secret).update(text, "utf8").digest("hex").toUpperCase();
}

export class IopBusinessError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export class IopClient {
  readonly #upstream: CrossborderUpstream;
  readonly #runtime: ModuleRuntime;

  constructor(upstream: CrossborderUpstream, runtime: ModuleRuntime) {
    this.#upstream = upstream;
    this.#runtime = runtime;
  }

  /** The signed form as sent (exported for tests of the outgoing request). */
  buildRequest(method: string, business: Record<string, string>, now: Date) {
    const params: Record<string, string> = {
      ...business,
      method,
      app_key: this.#upstream.appKey,
      access_token: this.#upstream.accessToken,
      timestamp: String(now.getTime()),
      sign_method: "sha256",
      partner_id: "marketlens",
    };
    params.sign = iopSign(params, this.#upstream.appSecret);
    return {
      url: `${this.#upstream.url.replace(/\/+$/, "")}/sync`,
      headers: {
        "content-type": "application/x-www-form-urlencoded;charset=utf-8",
        accept: "application/json",
      },
      body: new URLSearchParams(params).toString(),
    };
  }

  /** Calls a method and returns the `<method>_response` object, or throws the spec's code. */
  async call(
    method: string,
    business: Record<string, string>,
    ctx: UpstreamContext,
  ): Promise<Record<string, unknown>> {
    const request = this.buildRequest(method, business, this.#runtime.now());
    const target = {
      name: "crossborder",
      transport: this.#runtime.transport,
      timeoutMs: this.#runtime.timeoutMs,
    };
    const answer = await callUpstream(target, ctx, request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
    });
    let json: unknown;
    try {
      json = parseJson("crossborder", answer);
    } catch (error) {
      if (answer.status >= 500 || answer.status === 429)
        throw statusFault("crossborder", answer.status, answer.headers);
      throw error;
    }
    const body = (json ?? {}) as Record<string, unknown>;
    const gatewayError = body.error_response as { code?: unknown; msg?: unknown; type?: unknown } | undefined;
    // An HTTP failure is judged by its status first; the gateway's code rides along as upstreamCode.
    if (answer.status >= 500 || answer.status === 429) {
      const code = gatewayError?.code === undefined ? undefined : String(gatewayError.code);
      const msg = gatewayError?.msg === undefined ? undefined : String(gatewayError.msg);
      throw statusFault("crossborder", answer.status, answer.headers, code, msg);
    }
    if (gatewayError)
      throw gatewayFault(
        String(gatewayError.code ?? ""),
        String(gatewayError.msg ?? ""),
        String(gatewayError.type ?? ""),
      );
    if (answer.status !== 200) throw statusFault("crossborder", answer.status, answer.headers);
    const key = `${method.replace(/\./g, "_")}_response`;
    const response = body[key];
    if (!response || typeof response !== "object") {
      throw new GatewayError("UPSTREAM_ERROR", `crossborder answered ${method} without ${key}`);
    }
    return response as Record<string, unknown>;
  }
}

/** The gateway layer: rate limits, expired tokens, signature and permission problems. */
function gatewayFault(code: string, msg: string, type: string): GatewayError {
  const options = code ? { upstreamCode: code } : {};
  if (code === "ApiCallLimit" || code === "AppCallLimit" || /frequency exceeds/i.test(msg)) {
    const seconds = Number(/last (\d+) seconds?/.exec(msg)?.[1] ?? "1");
    return new GatewayError("MARKETPLACE_SATURATED", `crossborder is throttling calls: ${msg}`, {
      ...options,
      retryAfterMs: seconds * 1000,
    });
  }
  if (
    /^(IllegalAccessToken|IllegalRefreshToken|InvalidSession|SessionExpired|AccessTokenExpired)$/.test(code)
  ) {
    return new GatewayError(
      "TOKEN_EXPIRED",
      `crossborder is temporarily unavailable (the marketplace session expired: ${msg}); retry later`,
      options,
    );
  }
  if (type === "SYSTEM" || type === "ISP" || /ServiceUnavailable|isp\./i.test(code)) {
    return new GatewayError(
      "SERVICE_UNAVAILABLE",
      `crossborder is temporarily unavailable: ${msg || code}`,
      options,
    );
  }
  return new GatewayError("UPSTREAM_ERROR", `crossborder refused the call (${code}): ${msg}`, options);
}
