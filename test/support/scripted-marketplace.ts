import type { z } from "zod";
import type { MarketplaceModule, PreparedCall } from "../../server/marketplaces/types.ts";
import { GatewayError } from "../../src/contract/errors.ts";
import { type CategoryList, CategoryListSchema, type Marketplace } from "../../src/contract/marketplace.ts";

/**
 * A marketplace whose upstream does what the test asks, to exercise the gateway chain on its own
 * (auth, limits, ledger) without a real marketplace's rules. Parameters:
 *   query*      required, else QUERY_REQUIRED (a 400 before any charge)
 *   brands      present → 2 units
 *   upstream    "fail" → UPSTREAM_ERROR, "crash" → a plain Error, "invalid" → a result off the contract
 *   delayMs     how long the upstream takes (honours the abort signal)
 */
export function scriptedMarketplace(id: Marketplace = "megastore"): MarketplaceModule & { calls: number } {
  const module = {
    id,
    kind: "scripted test marketplace",
    operations: ["search", "categories"] as const,
    calls: 0,
    prepare(_operation: string, call: { params: Record<string, unknown> }): PreparedCall<CategoryList> {
      const params = call.params;
      if (typeof params.query !== "string" || params.query === "") {
        throw new GatewayError("QUERY_REQUIRED", "query is required");
      }
      const delayMs = Number(params.delayMs ?? 0);
      return {
        operation: "search",
        units: params.brands === undefined ? 1 : 2,
        schema: CategoryListSchema as z.ZodType<CategoryList>,
        run: async (ctx) => {
          module.calls += 1;
          if (delayMs > 0) await abortableSleep(delayMs, ctx.signal);
          if (params.upstream === "fail")
            throw new GatewayError("UPSTREAM_ERROR", "the marketplace answered 500");
          if (params.upstream === "crash") throw new Error("secret internal detail /srv/app.ts:42");
          if (params.upstream === "invalid")
            return { marketplace: id, path: "nope" } as unknown as CategoryList;
          return { marketplace: id, path: [], categories: [{ id: "1", name: String(params.query) }] };
        },
      };
    },
  };
  return module as MarketplaceModule & { calls: number };
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new GatewayError("UPSTREAM_TIMEOUT", "aborted"));
      },
      { once: true },
    );
  });
}
