import { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { ModuleRuntime } from "../shared/module-kit.ts";
import { callUpstream, parseJson, statusFault } from "../shared/upstream.ts";
import type { UpstreamContext } from "../types.ts";
import type { EmporiumUpstream } from "../upstream-config.ts";
import { signV4 } from "./sigv4.ts";

/**
 * Product Advertising API 5.0: every operation is a SigV4-signed POST of JSON to /paapi5/<operation>
 * with the x-amz-target naming it. Errors come in two layers: an HTTP error with
 * `{__type, Errors:[{Code, Message}]}`, or HTTP 200 with a top-level `Errors` beside a partial result.
 */

export type PaapiOperation = "SearchItems" | "GetItems" | "GetVariations" | "GetBrowseNodes";

const ErrorBody = z.object({
  __type: z.string().optional(),
  Errors: z.array(z.object({ Code: z.string(), Message: z.string().optional() })).optional(),
});

export interface PaapiAnswer {
  body: Record<string, unknown>;
  /** Errors reported beside a (partial) HTTP 200 result. */
  errors: { Code: string; Message?: string }[];
  /** True for PA-API's "NoResults": an empty search, not a fault. */
  noResults: boolean;
}

export class PaapiClient {
  readonly #upstream: EmporiumUpstream;
  readonly #runtime: ModuleRuntime;

  constructor(upstream: EmporiumUpstream, runtime: ModuleRuntime) {
    this.#upstream = upstream;
    this.#runtime = runtime;
  }

  /** The request as it goes on the wire (exposed so tests can check it against the documentation). */
  buildRequest(operation: PaapiOperation, payload: Record<string, unknown>, now: Date) {
    const url = `${this.#upstream.url.replace(/\/+$/, "")}/paapi5/${operation.toLowerCase()}`;
    const body = JSON.stringify({
      ...payload,
      PartnerTag: this.#upstream.partnerTag,
      PartnerType: "Associates",
      Marketplace: this.#upstream.marketplace,
    });
    const signed = signV4(
      {
        method: "POST",
        url,
        headers: {
          "content-encoding": "amz-1.0",
          "content-type": "application/json; charset=utf-8",
          "x-amz-target": `com.amazon.paapi5.v1.ProductAdvertisingAPIv1.${operation}`,
        },
        body,
      },
      {
        accessKey: this.#upstream.accessKey,
        secretKey: this.#upstream.secretKey,
        region: this.#upstream.region,
        service: "ProductAdvertisingAPI",
      },
      now,
    );
    // fetch sets Host itself from the URL, which is what was signed.
    const { host: _host, ...headers } = signed.headers;
    return { url, body, headers };
  }

  async call(
    operation: PaapiOperation,
    payload: Record<string, unknown>,
    ctx: UpstreamContext,
  ): Promise<PaapiAnswer> {
    const request = this.buildRequest(operation, payload, this.#runtime.now());
    const target = {
      name: "emporium",
      transport: this.#runtime.transport,
      timeoutMs: this.#runtime.timeoutMs,
    };
    const answer = await callUpstream(target, ctx, request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
    });
    const json = parseJson("emporium", answer);
    if (json === null || typeof json !== "object" || Array.isArray(json)) {
      throw new GatewayError(
        "UPSTREAM_ERROR",
        `emporium answered ${operation} with something that is not an object`,
      );
    }
    const errors = ErrorBody.safeParse(json).data?.Errors ?? [];
    const first = errors[0];
    if (answer.status !== 200) {
      if (first?.Code === "NoResults") return { body: {}, errors, noResults: true };
      if (first?.Code === "TooManyRequests" || answer.status === 429) {
        throw statusFault("emporium", 429, answer.headers, first?.Code ?? "TooManyRequests", first?.Message);
      }
      if (answer.status >= 500)
        throw statusFault("emporium", answer.status, answer.headers, first?.Code, first?.Message);
      if (first?.Code === "InvalidParameterValue" || first?.Code === "InvalidParameterCombination") {
        return { body: json as Record<string, unknown>, errors, noResults: false };
      }
      // Credentials, partner tag or an account without API access: the gateway's problem, not the caller's.
      throw new GatewayError(
        "UPSTREAM_ERROR",
        `emporium refused the call (HTTP ${answer.status} ${first?.Code ?? ""}): ${first?.Message ?? "no detail"}`,
        {
          ...(first?.Code ? { upstreamCode: first.Code } : {}),
        },
      );
    }
    return { body: json as Record<string, unknown>, errors, noResults: false };
  }
}
