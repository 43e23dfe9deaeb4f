import { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { ModuleRuntime } from "../shared/module-kit.ts";
import { callUpstream, parseJson, retryAfterMs, statusFault } from "../shared/upstream.ts";
import type { UpstreamContext } from "../types.ts";
import type { StorefrontUpstream } from "../upstream-config.ts";

/**
 * Shopify's Storefront API: POST /api/<version>/graphql.json with the public Storefront access token in
 * X-Shopify-Storefront-Access-Token. GraphQL errors arrive with HTTP 200 (`errors[].extensions.code`:
 * THROTTLED, ACCESS_DENIED, undefinedField...); shop-level failures use HTTP statuses (402, 403, 423, 430).
 */

const GraphqlBody = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        extensions: z.object({ code: z.string().optional() }).passthrough().optional(),
      }),
    )
    .optional(),
});

export class ShopifyClient {
  readonly #upstream: StorefrontUpstream;
  readonly #runtime: ModuleRuntime;

  constructor(upstream: StorefrontUpstream, runtime: ModuleRuntime) {
    this.#upstream = upstream;
    this.#runtime = runtime;
  }

  buildRequest(query: string, variables: Record<string, unknown>) {
    return {
      url: `${this.#upstream.url.replace(/\/+$/, "")}/api/${this.#upstream.apiVersion}/graphql.json`,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "x-shopify-storefront-access-token": this.#upstream.accessToken,
      },
      body: JSON.stringify({ query, variables }),
    };
  }

  async query(
    query: string,
    variables: Record<string, unknown>,
    ctx: UpstreamContext,
  ): Promise<Record<string, unknown>> {
    const request = this.buildRequest(query, variables);
    const target = {
      name: "storefront",
      transport: this.#runtime.transport,
      timeoutMs: this.#runtime.timeoutMs,
    };
    const answer = await callUpstream(target, ctx, request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
    });
    if (answer.status !== 200) {
      if (answer.status === 430) {
        throw new GatewayError(
          "MARKETPLACE_SATURATED",
          "storefront rejected the call as excessive (HTTP 430); retry after the wait",
          {
            upstreamCode: "430",
            retryAfterMs: retryAfterMs(answer.headers.get("retry-after")),
          },
        );
      }
      if (answer.status === 402 || answer.status === 423) {
        throw new GatewayError(
          "SERVICE_UNAVAILABLE",
          `storefront's shop is unavailable (HTTP ${answer.status})`,
          { upstreamCode: String(answer.status) },
        );
      }
      if (answer.status === 429 || answer.status >= 500)
        throw statusFault("storefront", answer.status, answer.headers);
      throw new GatewayError(
        "UPSTREAM_ERROR",
        `storefront refused the call (HTTP ${answer.status}); check the Storefront access token`,
        {
          upstreamCode: String(answer.status),
        },
      );
    }
    const parsed = GraphqlBody.safeParse(parseJson("storefront", answer));
    if (!parsed.success)
      throw new GatewayError(
        "UPSTREAM_ERROR",
        "storefront answered something that is not a GraphQL response",
      );
    const { data, errors } = parsed.data;
    const first = errors?.[0];
    if (first) {
      const code = first.extensions?.code;
      if (code === "THROTTLED") {
        throw new GatewayError(
          "MARKETPLACE_SATURATED",
          "storefront is throttling calls (query cost budget spent); retry after the wait",
          {
            upstreamCode: code,
            retryAfterMs: 1000,
          },
        );
      }
      if (code === "undefinedField" || /doesn't exist on type 'QueryRoot'/.test(first.message)) {
        throw new GatewayError(
          "OPERATION_UNSUPPORTED",
          `storefront: this store does not offer the operation (${first.message})`,
          {
            upstreamCode: code ?? "undefinedField",
          },
        );
      }
      if (!data) {
        throw new GatewayError(
          "UPSTREAM_ERROR",
          `storefront answered a GraphQL error: ${first.message}`,
          code ? { upstreamCode: code } : {},
        );
      }
    }
    if (!data) throw new GatewayError("UPSTREAM_ERROR", "storefront answered without data");
    return data;
  }
}
