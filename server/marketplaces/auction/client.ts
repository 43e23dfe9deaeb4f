import { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { ModuleRuntime } from "../shared/module-kit.ts";
import { callUpstream, parseJson, statusFault, type UpstreamAnswer } from "../shared/upstream.ts";
import type { UpstreamContext } from "../types.ts";
import type { AuctionUpstream } from "../upstream-config.ts";
import type { SearchPlan } from "./rules.ts";

/**
 * eBay's Buy Browse and Commerce Taxonomy REST APIs. Calls carry an application access token from the
 * client-credentials grant (cached until shortly before it expires, refreshed once when eBay answers
 * errorId 1001) and the site in X-EBAY-C-MARKETPLACE-ID. Errors are `{errors:[{errorId, domain,
 * category, message, parameters}]}` with an HTTP 4xx/5xx.
 */

export const BROWSE_SCOPE = "https://api.ebay.com/oauth/api_scope";
const REFINEMENTS =
  "MATCHING_ITEMS,ASPECT_REFINEMENTS,CATEGORY_REFINEMENTS,CONDITION_REFINEMENTS,BUYING_OPTION_REFINEMENTS";

const ErrorBody = z.object({
  errors: z.array(
    z.object({ errorId: z.number(), message: z.string().optional(), domain: z.string().optional() }),
  ),
});

const TokenBody = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

export class EbayError extends Error {
  constructor(
    readonly status: number,
    readonly errorId: number | undefined,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export class EbayClient {
  readonly #upstream: AuctionUpstream;
  readonly #runtime: ModuleRuntime;
  #token: { value: string; expiresAt: number } | undefined;
  #pendingToken: Promise<string> | undefined;

  constructor(upstream: AuctionUpstream, runtime: ModuleRuntime) {
    this.#upstream = upstream;
    this.#runtime = runtime;
  }

  get #base(): string {
    return this.#upstream.url.replace(/\/+$/, "");
  }

  #target() {
    return { name: "auction", transport: this.#runtime.transport, timeoutMs: this.#runtime.timeoutMs };
  }

  /** The token request as eBay documents it (exposed for tests of the outgoing request). */
  tokenRequest() {
    const basic = Buffer.from(`${this.#upstream.clientId}:${this.#upstream.clientSecret}`).toString("base64");
    return {
      url: `${this.#base}/identity/v1/oauth2/token`,
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: BROWSE_SCOPE }).toString(),
    };
  }

  async #accessToken(ctx: UpstreamContext, force: boolean): Promise<string> {
    if (!this.#upstream.clientId || !this.#upstream.clientSecret) {
      if (this.#upstream.oauthToken) return this.#upstream.oauthToken;
      throw new GatewayError("UPSTREAM_ERROR", "auction: no eBay OAuth client or token is configured");
    }
    const now = this.#runtime.now().getTime();
    if (!force && this.#token && this.#token.expiresAt > now) return this.#token.value;
    // One token request at a time; concurrent calls share it.
    this.#pendingToken ??= (async () => {
      try {
        const request = this.tokenRequest();
        const answer = await callUpstream(this.#target(), ctx, request.url, {
          method: "POST",
          headers: request.headers,
          body: request.body,
        });
        if (answer.status !== 200) throw this.#fault(answer, parseJsonSafe(answer));
        const body = TokenBody.safeParse(parseJson("auction", answer));
        if (!body.success)
          throw new GatewayError("UPSTREAM_ERROR", "auction: the OAuth token answer is unusable");
        // Renew a minute early so a token never expires between our check and eBay's.
        this.#token = {
          value: body.data.access_token,
          expiresAt: now + Math.max(0, body.data.expires_in - 60) * 1000,
        };
        return body.data.access_token;
      } finally {
        this.#pendingToken = undefined;
      }
    })();
    return this.#pendingToken;
  }

  /** GET with the token; retries once with a fresh token when eBay says the token is invalid. */
  async get(
    path: string,
    query: URLSearchParams | undefined,
    marketplaceId: string,
    ctx: UpstreamContext,
    extraHeaders: Record<string, string> = {},
  ) {
    const url = `${this.#base}${path}${query && [...query].length > 0 ? `?${query.toString()}` : ""}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.#accessToken(ctx, attempt > 0);
      const answer = await callUpstream(this.#target(), ctx, url, {
        method: "GET",
        headers: {
          authorization: `Bearer ${token}`,
          "x-ebay-c-marketplace-id": marketplaceId,
          accept: "application/json",
          ...extraHeaders,
        },
      });
      if (answer.status === 200) return parseJson("auction", answer);
      const body = parseJsonSafe(answer);
      const errorId = ErrorBody.safeParse(body).data?.errors[0]?.errorId;
      if (answer.status === 401 && errorId === 1001 && attempt === 0 && this.#upstream.clientId) continue;
      throw this.#fault(answer, body);
    }
  }

  /** Turns an eBay error answer into EbayError (for the caller to map business ids) or a gateway fault. */
  #fault(answer: UpstreamAnswer, body: unknown): Error {
    const first = ErrorBody.safeParse(body).data?.errors[0];
    const code = first?.errorId === undefined ? undefined : String(first.errorId);
    if (answer.status === 429 || answer.status >= 500)
      return statusFault("auction", answer.status, answer.headers, code, first?.message);
    if (answer.status === 401 || answer.status === 403) {
      return new GatewayError(
        "UPSTREAM_ERROR",
        `auction refused the gateway's credentials (HTTP ${answer.status}): ${first?.message ?? "no detail"}`,
        {
          ...(code ? { upstreamCode: code } : {}),
        },
      );
    }
    return new EbayError(answer.status, first?.errorId, first?.message ?? `HTTP ${answer.status}`);
  }

  searchQuery(
    plan: SearchPlan,
    request: { limit: number; offset: number },
    categoryOverride?: string,
  ): URLSearchParams {
    const query = new URLSearchParams();
    if (plan.q !== undefined) query.set("q", plan.q);
    const category = categoryOverride ?? plan.categoryId;
    if (category !== undefined) query.set("category_ids", category);
    if (plan.filters.length > 0) query.set("filter", plan.filters.join(","));
    if (plan.aspects.size > 0 && category !== undefined) {
      const parts = [
        `categoryId:${category}`,
        ...[...plan.aspects].map(([name, values]) => `${name}:{${values.join("|")}}`),
      ];
      query.set("aspect_filter", parts.join(","));
    }
    if (plan.sort) query.set("sort", plan.sort);
    query.set("limit", String(request.limit));
    query.set("offset", String(request.offset));
    query.set("fieldgroups", REFINEMENTS);
    return query;
  }

  endUserContext(plan: SearchPlan): Record<string, string> {
    return plan.region
      ? { "x-ebay-c-enduserctx": `contextualLocation=${encodeURIComponent(`country=${plan.region}`)}` }
      : {};
  }

  search(
    plan: SearchPlan,
    request: { limit: number; offset: number },
    ctx: UpstreamContext,
    categoryOverride?: string,
  ) {
    return this.get(
      "/buy/browse/v1/item_summary/search",
      this.searchQuery(plan, request, categoryOverride),
      plan.marketplaceId,
      ctx,
      this.endUserContext(plan),
    );
  }

  getItem(item: { kind: "rest" | "legacy"; id: string }, marketplaceId: string, ctx: UpstreamContext) {
    return item.kind === "rest"
      ? this.get(`/buy/browse/v1/item/${encodeURIComponent(item.id)}`, undefined, marketplaceId, ctx)
      : this.get(
          "/buy/browse/v1/item/get_item_by_legacy_id",
          new URLSearchParams({ legacy_item_id: item.id }),
          marketplaceId,
          ctx,
        );
  }

  async categoryTree(ctx: UpstreamContext): Promise<unknown> {
    const marketplaceId = this.#upstream.marketplaceId;
    const id = await this.get(
      "/commerce/taxonomy/v1/get_default_category_tree_id",
      new URLSearchParams({ marketplace_id: marketplaceId }),
      marketplaceId,
      ctx,
    );
    const treeId = z.object({ categoryTreeId: z.string() }).safeParse(id);
    if (!treeId.success)
      throw new GatewayError("UPSTREAM_ERROR", "auction answered an unusable category tree id");
    return this.get(
      `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(treeId.data.categoryTreeId)}`,
      undefined,
      marketplaceId,
      ctx,
    );
  }
}

function parseJsonSafe(answer: UpstreamAnswer): unknown {
  try {
    return JSON.parse(answer.text());
  } catch {
    return undefined;
  }
}
