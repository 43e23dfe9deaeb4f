import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { ModuleRuntime } from "../shared/module-kit.ts";
import { callUpstream, parseJson, statusFault, type UpstreamTarget } from "../shared/upstream.ts";
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

/**
 * One name or value as URLSearchParams serializes it (application/x-www-form-urlencoded): ASCII letters,
 * digits and `*-._` kept, space as `+`, everything else as percent-encoded UTF-8. encodeURIComponent
 * differs only in keeping `!'()~` and writing space as %20; lone surrogates become U+FFFD, as there.
 */
export function formEncode(value: string): string {
  if (FORM_SAFE.test(value)) return value;
  return encodeURIComponent(wellFormed(value)).replace(FORM_FIXUPS, formFixup);
}
const FORM_SAFE = /^[A-Za-z0-9*\-._]*$/;
const FORM_FIXUPS = /%20|[!'()~]/g;
// String.prototype.toWellFormed (Node 20) is newer than the TypeScript lib this project targets.
const wellFormed = (value: string): string => (value as string & { toWellFormed(): string }).toWellFormed();
const formFixup = (m: string) => (m === "%20" ? "+" : `%${m.charCodeAt(0).toString(16).toUpperCase()}`);

const FORM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": "application/x-www-form-urlencoded;charset=utf-8",
  accept: "application/json",
});

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
  readonly #url: string;
  readonly #secret: KeyObject;
  readonly #target: UpstreamTarget;
  /** `<method>_response`, the key of each method's answer. */
  readonly #responseKeys = new Map<string, string>();

  constructor(upstream: CrossborderUpstream, runtime: ModuleRuntime) {
    this.#upstream = upstream;
    this.#runtime = runtime;
    this.#url = `${upstream.url.replace(/\/+$/, "")}/sync`;
    this.#secret = createSecretKey(Buffer.from(upstream.appSecret, "utf8"));
    this.#target = { name: "crossborder", transport: runtime.transport, timeoutMs: runtime.timeoutMs };
  }

  /**
   * The signed form as sent (exported for tests of the outgoing request). Every call builds one, so the
   * signing text and the form body are written in one pass rather than through URLSearchParams.
   */
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
    const keys = Object.keys(params);
    let body = "";
    for (const k of keys) body += `${body === "" ? "" : "&"}${formEncode(k)}=${formEncode(params[k]!)}`;
    let text = "";
    for (const k of keys.sort()) if (k !== "sign") text += k + params[k];
    const sign = createHmac("sha256", this.#secret).update(text, "utf8").digest("hex").toUpperCase();
    return { url: this.#url, headers: FORM_HEADERS, body: `${body}&sign=${sign}` };
  }

  /** Calls a method and returns the `<method>_response` object, or throws the spec's code. */
  async call(
    method: string,
    business: Record<string, string>,
    ctx: UpstreamContext,
  ): Promise<Record<string, unknown>> {
    const request = this.buildRequest(method, business, this.#runtime.now());
    const answer = await callUpstream(this.#target, ctx, request.url, {
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
    let key = this.#responseKeys.get(method);
    if (key === undefined) {
      key = `${method.replace(/\./g, "_")}_response`;
      this.#responseKeys.set(method, key);
    }
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
