import { randomBytes, timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import type { Credentials } from "../../marketplaces/upstream-config.ts";
import type { CatalogProduct, CatalogQuery, Condition } from "../catalog/catalog.ts";
import { ancestry, type CategoryNode } from "../catalog/taxonomy.ts";
import type { Dialect } from "../http.ts";
import type { DialectContext } from "./context.ts";

/**
 * The auction as eBay's REST APIs speak: the OAuth client-credentials grant, Buy Browse
 * (item_summary/search, item, get_item_by_legacy_id) and Commerce Taxonomy (default tree id, the tree),
 * string prices, `v1|<legacy>|0` item ids, categories listed leaf first and unordered, refinements,
 * errors as `{errors:[{errorId, domain, category, message}]}`. Hubs (the `bn_` departments and some
 * categories below the top level) refuse a keywordless search with errorId 13022.
 */

const SITES: Record<string, { currency: string; rate: number }> = {
  EBAY_US: { currency: "USD", rate: 1 },
  EBAY_GB: { currency: "GBP", rate: 0.79 },
  EBAY_DE: { currency: "EUR", rate: 0.92 },
  EBAY_FR: { currency: "EUR", rate: 0.92 },
  EBAY_IT: { currency: "EUR", rate: 0.92 },
  EBAY_ES: { currency: "EUR", rate: 0.92 },
  EBAY_AT: { currency: "EUR", rate: 0.92 },
  EBAY_BE: { currency: "EUR", rate: 0.92 },
  EBAY_NL: { currency: "EUR", rate: 0.92 },
  EBAY_IE: { currency: "EUR", rate: 0.92 },
  EBAY_CH: { currency: "CHF", rate: 0.88 },
  EBAY_PL: { currency: "PLN", rate: 3.95 },
  EBAY_AU: { currency: "AUD", rate: 1.52 },
  EBAY_CA: { currency: "CAD", rate: 1.36 },
  EBAY_HK: { currency: "HKD", rate: 7.8 },
  EBAY_SG: { currency: "SGD", rate: 1.34 },
};

const CONDITION: Record<Condition, { id: string; text: string }> = {
  new: { id: "1000", text: "New" },
  refurbished: { id: "2000", text: "Certified - Refurbished" },
  used: { id: "3000", text: "Used" },
};

function ebayError(
  status: number,
  errorId: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return Response.json(
    {
      errors: [
        {
          errorId,
          domain: errorId === 1001 ? "OAuth" : "API_BROWSE",
          category: status >= 500 ? "APPLICATION" : "REQUEST",
          message,
          longMessage: message,
          ...extra,
        },
      ],
    },
    { status, headers },
  );
}

export function createEbayDialect(ctx: DialectContext, creds: Credentials<"auction">): Dialect {
  const app = new Hono();
  const tokens = new Map<string, number>();

  app.get("/img/:index/:file", (c) => ctx.serveImage(c));

  app.post("/identity/v1/oauth2/token", async (c) => {
    const header = c.req.header("authorization") ?? "";
    const expected = `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString("base64")}`;
    const a = Buffer.from(header);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      return c.json({ error: "invalid_client", error_description: "client authentication failed" }, 401);
    }
    const form = new URLSearchParams(await c.req.text());
    if (form.get("grant_type") !== "client_credentials") {
      return c.json(
        {
          error: "unsupported_grant_type",
          error_description: "grant type in request is not supported by the authorization server",
        },
        400,
      );
    }
    if (!(form.get("scope") ?? "").split(" ").includes("https://api.ebay.com/oauth/api_scope")) {
      return c.json(
        {
          error: "invalid_scope",
          error_description:
            "The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client",
        },
        400,
      );
    }
    const token = `v^1.1#i^1#r^0#${randomBytes(24).toString("base64url")}`;
    tokens.set(token, ctx.now().getTime() + 7200_000);
    return c.json({ access_token: token, expires_in: 7200, token_type: "Application Access Token" });
  });

  app.use("/buy/*", authorize);
  app.use("/commerce/*", authorize);

  async function authorize(c: Context, next: () => Promise<void>) {
    const token = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const expires = token ? tokens.get(token) : undefined;
    if (!expires || expires < ctx.now().getTime()) {
      return ebayError(401, 1001, "Invalid access token", {
        longMessage: "Invalid access token. Check the value of the Authorization HTTP request header.",
      });
    }
    const site = c.req.header("x-ebay-c-marketplace-id") ?? "EBAY_US";
    if (!SITES[site]) return ebayError(400, 12005, `The marketplace value ${site} is not supported.`);
    await next();
  }

  const site = (c: Context) => SITES[c.req.header("x-ebay-c-marketplace-id") ?? "EBAY_US"]!;
  const amount = (minor: number, s: { currency: string; rate: number }) => ({
    value: ((minor / 100) * s.rate).toFixed(2),
    currency: s.currency,
  });
  const legacy = (product: CatalogProduct) => product.id.split("|")[1]!;

  function categories(leaf: CategoryNode) {
    const chain = ancestry(leaf);
    // eBay lists the leaf first and the ancestors after it, in no particular order.
    return [chain.at(-1)!, ...chain.slice(0, -1).reverse()].map((n) => ({
      categoryId: n.id,
      categoryName: n.words.en,
    }));
  }

  function summary(product: CatalogProduct, s: { currency: string; rate: number }): Record<string, unknown> {
    const auctionOnly = product.buyingOptions.length === 1 && product.buyingOptions[0] === "AUCTION";
    const price = amount(product.priceMinor, s);
    const out: Record<string, unknown> = {
      itemId: product.id,
      title: product.title,
      leafCategoryIds: [product.leaf.id],
      categories: categories(product.leaf),
      image: { imageUrl: ctx.imageUrl(product, 0) },
      ...(auctionOnly ? { currentBidPrice: price, bidCount: product.index % 23 } : { price }),
      itemHref: `${ctx.baseUrl}/buy/browse/v1/item/${encodeURIComponent(product.id)}`,
      seller: {
        username: product.seller.name,
        feedbackPercentage: product.seller.feedbackPercent.toFixed(1),
        feedbackScore: product.seller.feedbackScore,
      },
      condition: CONDITION[product.condition].text,
      conditionId: CONDITION[product.condition].id,
      shippingOptions: [{ shippingCostType: "FIXED", shippingCost: amount(product.shippingMinor, s) }],
      buyingOptions: product.buyingOptions,
      itemWebUrl: `https://www.ebay.com/itm/${legacy(product)}`,
      itemLocation: { postalCode: "432**", country: "US" },
      adultOnly: false,
      legacyItemId: legacy(product),
      itemCreationDate: product.createdAt,
      listingMarketplaceId: "EBAY_US",
    };
    if (product.endsAt) out.itemEndDate = product.endsAt;
    if (product.listMinor) {
      out.marketingPrice = {
        originalPrice: amount(product.listMinor, s),
        discountPercentage: String(product.discountPct),
        priceTreatment: "LIST_PRICE",
      };
    }
    return out;
  }

  function parseFilter(text: string): { query: CatalogQuery; error?: Response } {
    const query: CatalogQuery = {};
    // Split on commas that are not inside [] or {}.
    const parts = text.match(/[^,{[]+(\{[^}]*\}|\[[^\]]*\])?/g) ?? [];
    for (const part of parts) {
      const at = part.indexOf(":");
      const key = part.slice(0, at).trim();
      const value = part.slice(at + 1).trim();
      if (key === "price") {
        const m = /^\[(\d*\.?\d*)\.\.(\d*\.?\d*)\]$/.exec(value);
        if (!m)
          return { query, error: ebayError(400, 12016, `The 'filter' value 'price:${value}' is invalid.`) };
        if (m[1]) query.priceMinMinor = Math.round(Number(m[1]) * 100);
        if (m[2]) query.priceMaxMinor = Math.round(Number(m[2]) * 100);
      } else if (key === "conditionIds") {
        const ids = value.replace(/[{}]/g, "").split("|");
        query.conditions = (Object.keys(CONDITION) as Condition[]).filter((c) =>
          ids.some((id) =>
            c === "new"
              ? Number(id) < 2000
              : c === "refurbished"
                ? Number(id) >= 2000 && Number(id) < 3000
                : Number(id) >= 3000,
          ),
        );
      } else if (key === "buyingOptions") query.buyingOptions = value.replace(/[{}]/g, "").split("|");
      else if (key === "maxDeliveryCost" && Number(value) === 0) query.freeShipping = true;
      // priceCurrency, deliveryCountry and the rest narrow nothing in a single-country catalog.
    }
    return { query };
  }

  function refinement(matches: CatalogProduct[], groups: string[], dominant: string | undefined) {
    const count = <K>(key: (p: CatalogProduct) => K | undefined) => {
      const map = new Map<K, number>();
      for (const m of matches) {
        const k = key(m);
        if (k !== undefined) map.set(k, (map.get(k) ?? 0) + 1);
      }
      return [...map.entries()].sort((a, b) => b[1] - a[1]);
    };
    const out: Record<string, unknown> = {};
    if (dominant) out.dominantCategoryId = dominant;
    if (groups.includes("CATEGORY_REFINEMENTS")) {
      out.categoryDistributions = count((p) => p.leaf)
        .slice(0, 10)
        .map(([node, n]) => ({ categoryId: node.id, categoryName: node.words.en, matchCount: n }));
    }
    if (groups.includes("CONDITION_REFINEMENTS")) {
      out.conditionDistributions = count((p) => p.condition).map(([c, n]) => ({
        condition: CONDITION[c].text,
        conditionId: CONDITION[c].id,
        matchCount: n,
      }));
    }
    if (groups.includes("BUYING_OPTION_REFINEMENTS")) {
      out.buyingOptionDistributions = count((p) => p.buyingOptions[0]).map(([b, n]) => ({
        buyingOption: b,
        matchCount: n,
      }));
    }
    if (groups.includes("ASPECT_REFINEMENTS")) {
      out.aspectDistributions = [
        {
          localizedAspectName: "Brand",
          aspectValueDistributions: count((p) => p.brand)
            .slice(0, 12)
            .map(([v, n]) => ({ localizedAspectValue: v, matchCount: n })),
        },
        {
          localizedAspectName: "Type",
          aspectValueDistributions: count((p) => p.leaf.qualifier?.en ?? "Not Specified").map(([v, n]) => ({
            localizedAspectValue: v,
            matchCount: n,
          })),
        },
      ];
    }
    return out;
  }

  app.get("/buy/browse/v1/item_summary/search", async (c) => {
    const url = new URL(c.req.url);
    const q = url.searchParams.get("q") ?? undefined;
    const categoryIds = url.searchParams.get("category_ids") ?? undefined;
    if (!q && !categoryIds) {
      return ebayError(
        400,
        12001,
        "The call must have a valid 'q', 'category_ids', 'epid' or 'gtin' query parameter.",
      );
    }
    const limit = Number(url.searchParams.get("limit") ?? "50");
    const offset = Number(url.searchParams.get("offset") ?? "0");
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      return ebayError(400, 12002, "The 'limit' value should be between 1 and 200 (inclusive).", {
        parameters: [{ name: "limit", value: String(limit) }],
      });
    }
    if (!Number.isInteger(offset) || offset < 0 || offset + limit > 10_000) {
      return ebayError(
        400,
        12003,
        "The 'offset' value must be between 0 and 9,999 and offset plus limit may not exceed 10,000.",
      );
    }
    const query: CatalogQuery = {};
    if (q) query.text = q;
    if (categoryIds) {
      const id = categoryIds.split(",")[0]!.trim();
      const node = ctx.taxonomy.nodes.get(id);
      // A hub lists nothing of its own; eBay refuses it rather than answering an empty page.
      if (!node || (node.hub && !q)) {
        return ebayError(400, 13022, `The 'category_id' ${id} submitted is not supported.`, {
          parameters: [{ name: "categoryId", value: id }],
        });
      }
      query.nodeId = id;
    }
    const filter = url.searchParams.get("filter");
    if (filter) {
      const parsed = parseFilter(filter);
      if (parsed.error) return parsed.error;
      Object.assign(query, parsed.query);
    }
    const aspects = url.searchParams.get("aspect_filter");
    let typeFilter: string[] | undefined;
    if (aspects) {
      if (!/^categoryId:/.test(aspects)) {
        return ebayError(400, 12017, "The 'aspect_filter' needs a categoryId.");
      }
      for (const m of aspects.matchAll(/([^,:]+):\{([^}]*)\}/g)) {
        const values = m[2]!.split("|");
        if (m[1] === "Brand") query.brands = values;
        else if (m[1] === "Type") typeFilter = values;
      }
    }
    const sort = url.searchParams.get("sort");
    query.sort =
      (
        {
          price: "price_asc",
          "-price": "price_desc",
          newlyListed: "newest",
          endingSoonest: "ending_soonest",
        } as const
      )[sort ?? ""] ?? "relevance";
    let matches = ctx.catalog.search(query);
    if (typeFilter) matches = matches.filter((m) => typeFilter.includes(m.leaf.qualifier?.en ?? ""));
    // Latency grows with the page: about 5 s for 240 items (spec), about 20 ms an item.
    await ctx.delay(200 + 20 * limit);
    const groups = (url.searchParams.get("fieldgroups") ?? "MATCHING_ITEMS").split(",");
    const s = site(c);
    const page = matches.slice(offset, offset + limit);
    const base = `${ctx.baseUrl}/buy/browse/v1/item_summary/search`;
    const link = (o: number) => {
      const u = new URL(url.toString());
      u.searchParams.set("offset", String(o));
      return `${base}?${u.searchParams.toString()}`;
    };
    const body: Record<string, unknown> = { href: link(offset), total: matches.length, limit, offset };
    if (offset + limit < matches.length) body.next = link(offset + limit);
    if (offset > 0) body.prev = link(Math.max(0, offset - limit));
    if (groups.includes("MATCHING_ITEMS") || groups.includes("FULL"))
      body.itemSummaries = page.map((p) => summary(p, s));
    // The dominant category is the department most matches sit in (aspect filters then apply across it).
    const dominantCounts = new Map<string, number>();
    for (const m of matches) dominantCounts.set(m.path[0]!, (dominantCounts.get(m.path[0]!) ?? 0) + 1);
    const dominant = [...dominantCounts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (groups.some((g) => g.endsWith("_REFINEMENTS")))
      body.refinement = refinement(matches, groups, dominant);
    return c.json(body);
  });

  function item(c: Context, product: CatalogProduct | undefined, id: string) {
    if (!product)
      return ebayError(404, 11001, "The specified item Id was not found.", {
        parameters: [{ name: "itemId", value: id }],
      });
    const s = site(c);
    const chain = ancestry(product.leaf);
    const reviews = product.ratingCount > 0 && product.index % 3 !== 0;
    return c.json({
      ...summary(product, s),
      sellerItemRevision: "1",
      shortDescription: product.description,
      description: `<div><h2>${product.title}</h2><ul>${product.features.map((f) => `<li>${f.en}</li>`).join("")}</ul><p>${product.description}</p></div>`,
      additionalImages: Array.from({ length: product.imageCount - 1 }, (_, i) => ({
        imageUrl: ctx.imageUrl(product, i + 1),
      })),
      brand: product.brand,
      categoryPath: chain.map((n) => n.words.en).join("|"),
      categoryIdPath: chain.map((n) => n.id).join("|"),
      categoryId: product.leaf.id,
      estimatedAvailabilities: [
        {
          deliveryOptions: ["SHIP_TO_HOME"],
          estimatedAvailabilityStatus: product.stock > 0 ? "IN_STOCK" : "OUT_OF_STOCK",
          estimatedAvailableQuantity: product.stock,
          estimatedSoldQuantity: product.ratingCount,
        },
      ],
      shippingOptions: [
        {
          shippingServiceCode: "Economy Shipping",
          type: "Economy Shipping",
          shippingCost: amount(product.shippingMinor, s),
          quantityUsedForEstimate: 1,
          minEstimatedDeliveryDate: new Date(ctx.now().getTime() + 3 * 86_400_000).toISOString(),
          maxEstimatedDeliveryDate: new Date(ctx.now().getTime() + 8 * 86_400_000).toISOString(),
          shippingCostType: "FIXED",
        },
      ],
      localizedAspects: [
        { type: "STRING", name: "Brand", value: product.brand },
        { type: "STRING", name: "Type", value: product.leaf.qualifier?.en ?? product.leaf.noun!.words.en },
      ],
      primaryProductReviewRating: {
        reviewCount: reviews ? product.ratingCount : 0,
        averageRating: reviews ? product.rating.toFixed(1) : "0.0",
        ratingHistograms: [5, 4, 3, 2, 1].map((r) => ({ rating: String(r), count: 0 })),
      },
      topRatedBuyingExperience: false,
      enabledForGuestCheckout: true,
    });
  }

  app.get("/buy/browse/v1/item/get_item_by_legacy_id", (c) => {
    const legacyId = c.req.query("legacy_item_id") ?? "";
    if (!/^\d+$/.test(legacyId)) return ebayError(400, 11006, "The legacy Id is invalid.");
    return item(c, ctx.catalog.byId.get(`v1|${legacyId}|0`), legacyId);
  });

  app.get("/buy/browse/v1/item/:itemId", (c) => {
    const id = decodeURIComponent(c.req.param("itemId"));
    return item(c, ctx.catalog.byId.get(id), id);
  });

  app.get("/commerce/taxonomy/v1/get_default_category_tree_id", (c) => {
    const marketplace = c.req.query("marketplace_id");
    if (!marketplace || !SITES[marketplace]) return ebayError(400, 62004, "The marketplace_id is invalid.");
    return c.json({ categoryTreeId: "0", categoryTreeVersion: "130" });
  });

  function treeNode(node: CategoryNode): Record<string, unknown> {
    const out: Record<string, unknown> = {
      category: { categoryId: node.id, categoryName: node.words.en },
      categoryTreeNodeLevel: node.level,
      parentCategoryTreeNodeHref: `${ctx.baseUrl}/commerce/taxonomy/v1/category_tree/0/get_category_subtree?category_id=${node.parent?.id ?? "0"}`,
    };
    if (node.children.length > 0) out.childCategoryTreeNodes = node.children.map(treeNode);
    else out.leafCategoryTreeNode = true;
    return out;
  }

  app.get("/commerce/taxonomy/v1/category_tree/:treeId", (c) => {
    if (c.req.param("treeId") !== "0") return ebayError(404, 62005, "The category tree ID is invalid.");
    return c.json({
      categoryTreeId: "0",
      categoryTreeVersion: "130",
      applicableMarketplaceIds: ["EBAY_US"],
      rootCategoryNode: {
        category: { categoryId: "0", categoryName: "Root" },
        categoryTreeNodeLevel: 0,
        childCategoryTreeNodes: ctx.taxonomy.roots.map(treeNode),
      },
    });
  });

  return {
    marketplace: "auction",
    handle: async (request) => app.fetch(request),
    fault(kind, status) {
      if (kind === "throttle") {
        return ebayError(
          429,
          2001,
          "Too many requests. The request limit has been reached for the resource.",
          {},
          { "retry-after": "2" },
        );
      }
      if (kind === "token-expired") {
        return ebayError(401, 1001, "Invalid access token", {
          longMessage: "Invalid access token. Check the value of the Authorization HTTP request header.",
        });
      }
      return ebayError(
        status,
        10001,
        "There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.",
      );
    },
  };
}
