import { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import { legacyEntry } from "../legacy-paths.ts";
import { prepared } from "../shared/module-kit.ts";
import { readParams } from "../shared/params.ts";
import type { MarketplaceModule, PreparedCall, RawCall } from "../types.ts";
import type { IopClient } from "./client.ts";
import {
  checkProductId,
  IMAGE_SEARCH_TABLE,
  PRODUCT_TABLE,
  presentmentOf,
  SEARCH_TABLE,
  textSearchParams,
} from "./rules.ts";

/**
 * The deprecated unversioned crossborder endpoints (spec: Versioning 3-4): /crossborder/keyword-search,
 * /crossborder/product-details and /crossborder/image-search answer in the marketplace's own (AliExpress)
 * shape, unchanged, with Deprecation, Sunset and Link headers, until the sunset date. From that date on
 * they answer 404 NOT_IN_V1 naming their /v1 successor, like every other old path. They take the /v1
 * parameter names and cost what their /v1 successors cost (1 unit).
 */

export const SUNSET = new Date("2026-10-20T00:00:00Z");
/** When the endpoints were deprecated (the /v1 launch): RFC 9745 `Deprecation: @<seconds>`. */
export const DEPRECATED_AT = new Date("2026-04-20T00:00:00Z");

export const LEGACY_OPERATIONS = {
  "keyword-search": { method: "aliexpress.ds.text.search", successor: "/v1/crossborder/search" },
  "product-details": { method: "aliexpress.ds.product.get", successor: "/v1/crossborder/product" },
  "image-search": { method: "aliexpress.ds.image.searchV2", successor: "/v1/crossborder/image-search" },
} as const;
export type LegacyOperation = keyof typeof LEGACY_OPERATIONS;

export function isLegacyOperation(name: string): name is LegacyOperation {
  return Object.hasOwn(LEGACY_OPERATIONS, name);
}

/** Headers every answer of a live legacy endpoint carries (RFC 9745 Deprecation, RFC 8594 Sunset). */
export function legacyHeaders(name: LegacyOperation): Record<string, string> {
  return {
    deprecation: `@${Math.floor(DEPRECATED_AT.getTime() / 1000)}`,
    sunset: SUNSET.toUTCString(),
    link: `<${LEGACY_OPERATIONS[name].successor}>; rel="successor-version", </docs/marketplaces.md#legacy-endpoints>; rel="deprecation"`,
  };
}

/** The raw envelope each method answers; only its top-level key is checked, the rest passes unchanged. */
const RAW = (key: string) => z.object({ [key]: z.record(z.string(), z.unknown()) }).passthrough();

interface LegacyCapable {
  legacyClient: IopClient;
}

/**
 * Validates and prices a legacy call (as prepare() does for /v1) and returns a call whose result is the
 * AliExpress answer itself. `now` decides sunset. Throws NOT_FOUND for a name that is not a legacy
 * endpoint, NOT_IN_V1 after the sunset.
 */
export function prepareLegacy(
  module: MarketplaceModule,
  name: string,
  call: RawCall,
  now: Date,
): PreparedCall<unknown> {
  if (!isLegacyOperation(name) || !("legacyClient" in module)) {
    throw new GatewayError("NOT_FOUND", `No route at /crossborder/${name.slice(0, 40)}.`);
  }
  const { method, successor } = LEGACY_OPERATIONS[name];
  if (now.getTime() >= SUNSET.getTime()) {
    throw new GatewayError(
      "NOT_IN_V1",
      `/crossborder/${name} was retired on ${SUNSET.toISOString().slice(0, 10)}; use ${successor}.`,
      {
        successor,
      },
    );
  }
  const client = (module as MarketplaceModule & LegacyCapable).legacyClient;
  const key = `${method.replace(/\./g, "_")}_response`;
  const schema = RAW(key) as z.ZodType<unknown>;

  if (name === "keyword-search") {
    const params = readParams(call, { ...SEARCH_TABLE, label: "crossborder keyword-search" });
    const presentment = presentmentOf(params);
    return prepared("search", 1, schema, async (ctx) => ({
      [key]: await client.call(method, textSearchParams(params, presentment, params.query!), ctx),
    }));
  }
  if (name === "product-details") {
    const params = readParams(call, { ...PRODUCT_TABLE, label: "crossborder product-details" });
    const presentment = presentmentOf(params);
    const productId = checkProductId(params.productId!);
    return prepared("product", 1, schema, async (ctx) => {
      const response = await client.call(
        method,
        {
          product_id: productId,
          ship_to_country: presentment.country,
          target_currency: presentment.currency,
          target_language: presentment.locale.split("_")[0]!,
        },
        ctx,
      );
      // A lookup that found nothing is not delivered (and not billed): the spec's codes, not a raw 605.
      const code = Number((response as { rsp_code?: unknown }).rsp_code ?? 200);
      if (code === 605 || !(response as { result?: unknown }).result) {
        throw new GatewayError("ITEM_NOT_FOUND", `productId: crossborder has no product ${productId}`, {
          upstreamCode: String(code),
        });
      }
      if (code === 602)
        throw new GatewayError(
          "PROHIBITED_COUNTRY",
          `crossborder will not ship product ${productId} to ${presentment.country}`,
          { upstreamCode: "602" },
        );
      return { [key]: response };
    });
  }
  const params = readParams(call, { ...IMAGE_SEARCH_TABLE, label: "crossborder image-search (unversioned)" });
  const presentment = presentmentOf(params);
  const image = params.image!;
  return prepared("image-search", 1, schema, async (ctx) => ({
    [key]: await client.call(
      method,
      {
        param0: JSON.stringify({
          search_type: "similar",
          image_base64: image.data,
          currency: presentment.currency,
          lang: presentment.locale.split("_")[0],
          ship_to: presentment.country,
        }),
      },
      ctx,
    ),
  }));
}

/** Whether an old path is one of the live legacy endpoints at `now` (for the routes). */
export function legacyIsLive(path: string, now: Date): boolean {
  return (legacyEntry(path)?.live ?? false) && now.getTime() < SUNSET.getTime();
}
