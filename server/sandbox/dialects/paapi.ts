import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { EMPORIUM_DEPARTMENTS } from "../../marketplaces/emporium/departments.ts";
import { parseAuthorization, signV4 } from "../../marketplaces/emporium/sigv4.ts";
import type { Credentials } from "../../marketplaces/upstream-config.ts";
import type { CatalogProduct, CatalogQuery, Variant } from "../catalog/catalog.ts";
import { hash32 } from "../catalog/rng.ts";
import { ancestry, type CategoryNode } from "../catalog/taxonomy.ts";
import type { Dialect } from "../http.ts";
import type { DialectContext } from "./context.ts";

/**
 * The emporium as Product Advertising API 5.0 speaks: SigV4-verified POSTs to /paapi5/<operation>,
 * PascalCase bodies, HTTP errors `{__type, Errors}`, NoResults as a 404, at most 10 pages a query, and
 * (the spec's documented behaviour) between 13 and 47 items on a keyword's page.
 */

const TYPE = "com.amazon.paapi5#";
const OPERATIONS = ["SearchItems", "GetItems", "GetVariations", "GetBrowseNodes"] as const;

function error(
  status: number,
  exception: string,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { __type: `${TYPE}${exception}`, Errors: [{ Code: code, Message: message }] },
    { status, headers },
  );
}

/** Items on one page of a keyword (or node) query: 13 to 47, fixed per query. */
export function emporiumPageSize(key: string): number {
  return 13 + (hash32(key.toLowerCase()) % 35);
}

export function createPaapiDialect(ctx: DialectContext, creds: Credentials<"emporium">): Dialect {
  const app = new Hono();
  app.get("/img/:index/:file", (c) => ctx.serveImage(c));

  app.post("/paapi5/:operation", async (c) => {
    const operation = OPERATIONS.find((o) => o.toLowerCase() === c.req.param("operation"));
    if (!operation)
      return error(
        404,
        "UnknownOperationException",
        "UnknownOperation",
        "The requested operation is not supported.",
      );
    const body = await c.req.text();
    const denied = verify(c.req.raw, body, operation);
    if (denied) return denied;
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body);
    } catch {
      return error(400, "ValidationException", "InvalidInput", "The request body is not valid JSON.");
    }
    if (payload.PartnerTag !== creds.partnerTag) {
      return error(
        400,
        "ValidationException",
        "InvalidPartnerTag",
        "The partner tag is invalid or not mapped to the access key.",
      );
    }
    if (payload.Marketplace !== undefined && payload.Marketplace !== creds.marketplace) {
      return error(
        400,
        "ValidationException",
        "InvalidParameterValue",
        `The value ${String(payload.Marketplace)} provided in the request for Marketplace is invalid.`,
      );
    }
    await ctx.delay(250);
    switch (operation) {
      case "SearchItems":
        return searchItems(payload);
      case "GetItems":
        return getItems(payload);
      case "GetVariations":
        return getVariations(payload);
      case "GetBrowseNodes":
        return getBrowseNodes(payload);
    }
  });

  function verify(request: Request, body: string, operation: string): Response | undefined {
    const auth = parseAuthorization(request.headers.get("authorization") ?? "");
    if (!auth)
      return error(
        401,
        "UnrecognizedClientException",
        "IncompleteSignature",
        "The request signature did not include all of the required components.",
      );
    if (auth.accessKey !== creds.accessKey)
      return error(
        401,
        "UnrecognizedClientException",
        "InvalidAccessKeyId",
        "The Access Key ID provided does not exist.",
      );
    if (auth.service !== "ProductAdvertisingAPI" || auth.region !== creds.region) {
      return error(
        401,
        "UnrecognizedClientException",
        "InvalidSignature",
        "The credential scope does not match this service and region.",
      );
    }
    const target = request.headers.get("x-amz-target");
    if (target !== `com.amazon.paapi5.v1.ProductAdvertisingAPIv1.${operation}`) {
      return error(
        400,
        "ValidationException",
        "InvalidTarget",
        "The X-Amz-Target header does not name this operation.",
      );
    }
    if (request.headers.get("content-encoding") !== "amz-1.0") {
      return error(400, "ValidationException", "InvalidInput", "Content-Encoding must be amz-1.0.");
    }
    const date = request.headers.get("x-amz-date") ?? "";
    const when = Date.parse(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    if (Number.isNaN(when) || Math.abs(when - ctx.now().getTime()) > 15 * 60_000) {
      return error(
        401,
        "UnrecognizedClientException",
        "InvalidSignature",
        "Signature expired or the request date is too far from the server's time.",
      );
    }
    const headers: Record<string, string> = {};
    for (const name of auth.signedHeaders) {
      if (name === "host" || name === "x-amz-date") continue;
      const value = request.headers.get(name);
      if (value === null)
        return error(
          401,
          "UnrecognizedClientException",
          "InvalidSignature",
          `Signed header ${name} is missing.`,
        );
      headers[name] = value;
    }
    if (!auth.signedHeaders.includes("host") || !auth.signedHeaders.includes("x-amz-target")) {
      return error(
        401,
        "UnrecognizedClientException",
        "InvalidSignature",
        "host and x-amz-target must be signed.",
      );
    }
    const expected = signV4(
      { method: request.method, url: request.url, headers, body },
      {
        accessKey: creds.accessKey,
        secretKey: creds.secretKey,
        region: creds.region,
        service: "ProductAdvertisingAPI",
      },
      new Date(when),
    );
    const a = Buffer.from(expected.signature, "hex");
    const b = Buffer.from(auth.signature, "hex");
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      return error(
        401,
        "UnrecognizedClientException",
        "InvalidSignature",
        "The request signature we calculated does not match the signature you provided.",
      );
    }
    return undefined;
  }

  const money = (minor: number) => ({
    Amount: minor / 100,
    Currency: "USD",
    DisplayAmount: `$${(minor / 100).toFixed(2)}`,
  });

  function browseNode(node: CategoryNode): Record<string, unknown> {
    const out: Record<string, unknown> = {
      Id: node.id,
      DisplayName: node.words.en,
      ContextFreeName: node.words.en,
    };
    if (node.parent) out.Ancestor = browseNode(node.parent);
    return out;
  }

  function item(product: CatalogProduct, resources: Set<string>, variant?: Variant): Record<string, unknown> {
    const priceMinor = variant?.priceMinor ?? product.priceMinor;
    const listMinor = variant ? variant.listMinor : product.listMinor;
    const asin = variant?.id ?? product.id;
    const out: Record<string, unknown> = {
      ASIN: asin,
      DetailPageURL: `https://www.amazon.com/dp/${asin}?tag=${creds.partnerTag}&linkCode=osi&th=1&psc=1`,
    };
    if (variant) out.ParentASIN = product.id;
    if (resources.has("Images.Primary.Large")) {
      out.Images = {
        Primary: { Large: { URL: ctx.imageUrl(product, 0), Height: 800, Width: 800 } },
        ...(resources.has("Images.Variants.Large")
          ? {
              Variants: Array.from({ length: product.imageCount - 1 }, (_, i) => ({
                Large: { URL: ctx.imageUrl(product, i + 1), Height: 800, Width: 800 },
              })),
            }
          : {}),
      };
    }
    const info: Record<string, unknown> = {};
    const color = variant?.color?.en;
    const size = variant?.size;
    if (resources.has("ItemInfo.Title")) {
      info.Title = {
        DisplayValue: [product.title, color, size].filter(Boolean).join(" - "),
        Label: "Title",
        Locale: "en_US",
      };
    }
    if (resources.has("ItemInfo.ByLineInfo")) {
      info.ByLineInfo = { Brand: { DisplayValue: product.brand, Label: "Brand", Locale: "en_US" } };
    }
    if (resources.has("ItemInfo.Features")) {
      info.Features = {
        DisplayValues: [product.description, ...product.features.map((f) => f.en)],
        Label: "Features",
        Locale: "en_US",
      };
    }
    if (Object.keys(info).length > 0) out.ItemInfo = info;
    if (resources.has("BrowseNodeInfo.BrowseNodes")) {
      out.BrowseNodeInfo = {
        BrowseNodes: [{ ...browseNode(product.leaf), IsRoot: false, SalesRank: 1 + (product.index % 900) }],
      };
    }
    if (resources.has("CustomerReviews.Count") && product.ratingCount > 0) {
      out.CustomerReviews = { Count: product.ratingCount, StarRating: { Value: product.rating } };
    }
    const stock = variant?.stock ?? product.stock;
    if ([...resources].some((r) => r.startsWith("Offers."))) {
      out.Offers = {
        Listings: [
          {
            Availability: {
              Type: stock > 0 ? "Now" : "OutOfStock",
              Message: stock > 0 ? "In Stock." : "Currently unavailable.",
            },
            Condition: { Value: "New", SubCondition: { Value: "New" } },
            DeliveryInfo: {
              IsAmazonFulfilled: true,
              IsFreeShippingEligible: product.freeShipping,
              IsPrimeEligible: product.freeShipping,
            },
            IsBuyBoxWinner: true,
            MerchantInfo: { Id: "ATVPDKIKX0DER", Name: "Amazon.com" },
            Price: money(priceMinor),
            ...(listMinor ? { SavingBasis: money(listMinor) } : {}),
          },
        ],
        Summaries: [
          {
            Condition: { Value: "New" },
            LowestPrice: money(priceMinor),
            HighestPrice: money(listMinor ?? priceMinor),
            OfferCount: 1 + (product.index % 7),
          },
        ],
      };
    }
    if (variant) {
      out.VariationAttributes = [
        ...(variant.color ? [{ Name: "color_name", Value: variant.color.en }] : []),
        ...(variant.size ? [{ Name: "size_name", Value: variant.size }] : []),
      ];
    }
    return out;
  }

  function searchItems(p: Record<string, unknown>): Response {
    const keywords = typeof p.Keywords === "string" ? p.Keywords : undefined;
    const node = typeof p.BrowseNodeId === "string" ? p.BrowseNodeId : undefined;
    if (!keywords && !node && typeof p.Brand !== "string") {
      return error(
        400,
        "ValidationException",
        "MissingParameter",
        "The request must contain at least one of Keywords, BrowseNodeId or Brand.",
      );
    }
    const page = p.ItemPage ?? 1;
    if (typeof page !== "number" || !Number.isInteger(page) || page < 1 || page > 10) {
      return error(
        400,
        "ValidationException",
        "InvalidParameterValue",
        `The value ${String(page)} provided in the request for ItemPage is invalid. Valid values are 1 through 10.`,
      );
    }
    if (node !== undefined && !ctx.catalog.taxonomy.nodes.has(node)) {
      return error(
        400,
        "ValidationException",
        "InvalidParameterValue",
        `The value ${node} provided in the request for BrowseNodeId is invalid.`,
      );
    }
    if (
      p.MinReviewsRating !== undefined &&
      (typeof p.MinReviewsRating !== "number" || p.MinReviewsRating < 1 || p.MinReviewsRating > 4)
    ) {
      return error(
        400,
        "ValidationException",
        "InvalidParameterValue",
        "MinReviewsRating must be between 1 and 4.",
      );
    }
    const query: CatalogQuery = {
      ...(keywords ? { text: keywords } : {}),
      ...(node ? { nodeId: node } : {}),
      ...(typeof p.Brand === "string" ? { brands: [p.Brand] } : {}),
      ...(typeof p.MinPrice === "number" ? { priceMinMinor: p.MinPrice } : {}),
      ...(typeof p.MaxPrice === "number" ? { priceMaxMinor: p.MaxPrice } : {}),
      ...(typeof p.MinReviewsRating === "number" ? { minRating: p.MinReviewsRating } : {}),
      sort:
        (
          {
            "Price:LowToHigh": "price_asc",
            "Price:HighToLow": "price_desc",
            NewestArrivals: "newest",
            AvgCustomerReviews: "rating",
          } as const
        )[String(p.SortBy)] ?? "relevance",
    };
    let matches = ctx.catalog.search(query);
    if (typeof p.SearchIndex === "string") {
      const inIndex = new Set(
        EMPORIUM_DEPARTMENTS.filter((d) => d.searchIndex === p.SearchIndex).map((d) => d.node),
      );
      matches = matches.filter((m) => inIndex.has(m.path[0]!));
    }
    const perPage =
      typeof p.ItemCount === "number"
        ? Math.min(10, Math.max(1, p.ItemCount))
        : emporiumPageSize(keywords ?? node ?? String(p.Brand));
    const slice = matches.slice((page - 1) * perPage, page * perPage);
    if (slice.length === 0)
      return error(404, "ResourceNotFoundException", "NoResults", "No results found for your request.");
    const resources = new Set(Array.isArray(p.Resources) ? (p.Resources as string[]) : []);
    const result: Record<string, unknown> = {
      Items: slice.map((product) => item(product, resources)),
      SearchURL: `https://www.amazon.com/s?k=${encodeURIComponent(keywords ?? "")}&tag=${creds.partnerTag}&linkCode=osi`,
      TotalResultCount: matches.length,
    };
    if (resources.has("SearchRefinements")) result.SearchRefinements = refinements(matches);
    return Response.json({ SearchResult: result });
  }

  function refinements(matches: CatalogProduct[]): Record<string, unknown> {
    const indexes = new Map<string, number>();
    const nodes = new Map<string, { name: string; count: number }>();
    const brands = new Map<string, number>();
    for (const m of matches) {
      const dept = EMPORIUM_DEPARTMENTS.find((d) => d.node === m.path[0]);
      if (dept) indexes.set(dept.searchIndex, (indexes.get(dept.searchIndex) ?? 0) + 1);
      const sub = ancestry(m.leaf)[1];
      if (sub) nodes.set(sub.id, { name: sub.words.en, count: (nodes.get(sub.id)?.count ?? 0) + 1 });
      brands.set(m.brand, (brands.get(m.brand) ?? 0) + 1);
    }
    const top = <T>(entries: [string, T][], count: (t: T) => number) =>
      entries.sort((a, b) => count(b[1]) - count(a[1])).slice(0, 10);
    return {
      SearchIndex: {
        Id: "SearchIndex",
        DisplayName: "Department",
        Bins: top([...indexes.entries()], (n) => n).map(([id]) => ({
          Id: id,
          DisplayName: id.replace(/([a-z])([A-Z])/g, "$1 $2"),
        })),
      },
      BrowseNode: {
        Id: "BrowseNode",
        DisplayName: "Categories",
        Bins: top([...nodes.entries()], (n) => n.count).map(([id, n]) => ({ Id: id, DisplayName: n.name })),
      },
      OtherRefinements: [
        {
          Id: "brand",
          DisplayName: "Brand",
          Bins: top([...brands.entries()], (n) => n).map(([id]) => ({ Id: id, DisplayName: id })),
        },
      ],
    };
  }

  function lookup(asin: string): { product: CatalogProduct; variant?: Variant } | undefined {
    const product = ctx.catalog.byId.get(asin);
    if (product) return { product };
    return ctx.catalog.byVariantId.get(asin);
  }

  function getItems(p: Record<string, unknown>): Response {
    const ids = Array.isArray(p.ItemIds) ? (p.ItemIds as unknown[]) : [];
    if (ids.length === 0 || ids.length > 10 || !ids.every((id) => typeof id === "string")) {
      return error(400, "ValidationException", "InvalidParameterValue", "ItemIds must hold 1 to 10 ASINs.");
    }
    const resources = new Set(Array.isArray(p.Resources) ? (p.Resources as string[]) : []);
    const items: unknown[] = [];
    const errors: unknown[] = [];
    for (const id of ids as string[]) {
      const hit = lookup(id);
      if (hit) items.push(item(hit.product, resources, hit.variant));
      else
        errors.push({
          __type: "com.amazon.paapi#ErrorData",
          Code: "InvalidParameterValue",
          Message: `The ItemId ${id} provided in the request is invalid.`,
        });
    }
    // Partial failures come as HTTP 200 with Errors beside the result; a total failure has no ItemsResult.
    return Response.json({
      ...(items.length ? { ItemsResult: { Items: items } } : {}),
      ...(errors.length ? { Errors: errors } : {}),
    });
  }

  function getVariations(p: Record<string, unknown>): Response {
    const asin = typeof p.ASIN === "string" ? p.ASIN : "";
    const hit = lookup(asin);
    if (!hit)
      return error(
        400,
        "ValidationException",
        "InvalidParameterValue",
        `The ASIN ${asin} provided in the request is invalid.`,
      );
    if (hit.product.variants.length === 0)
      return error(404, "ResourceNotFoundException", "NoResults", "No results found for your request.");
    const resources = new Set(Array.isArray(p.Resources) ? (p.Resources as string[]) : []);
    const page = typeof p.VariationPage === "number" ? p.VariationPage : 1;
    const all = hit.product.variants;
    const slice = all.slice((page - 1) * 10, page * 10);
    return Response.json({
      VariationsResult: {
        Items: slice.map((v) => item(hit.product, resources, v)),
        VariationSummary: {
          PageCount: Math.ceil(all.length / 10),
          VariationCount: all.length,
          Price: {
            LowestPrice: money(Math.min(...all.map((v) => v.priceMinor))),
            HighestPrice: money(Math.max(...all.map((v) => v.priceMinor))),
          },
        },
      },
    });
  }

  function getBrowseNodes(p: Record<string, unknown>): Response {
    const ids = Array.isArray(p.BrowseNodeIds) ? (p.BrowseNodeIds as unknown[]) : [];
    if (ids.length === 0 || ids.length > 10)
      return error(
        400,
        "ValidationException",
        "InvalidParameterValue",
        "BrowseNodeIds must hold 1 to 10 ids.",
      );
    const resources = new Set(Array.isArray(p.Resources) ? (p.Resources as string[]) : []);
    const nodes: unknown[] = [];
    const errors: unknown[] = [];
    for (const id of ids) {
      const node = typeof id === "string" ? ctx.catalog.taxonomy.nodes.get(id) : undefined;
      if (!node) {
        errors.push({
          Code: "InvalidParameterValue",
          Message: `The BrowseNodeId ${String(id)} provided in the request is invalid.`,
        });
        continue;
      }
      const out: Record<string, unknown> = {
        Id: node.id,
        DisplayName: node.words.en,
        ContextFreeName: node.words.en,
        IsRoot: node.level === 1,
      };
      if (resources.has("BrowseNodes.Ancestor") && node.parent) out.Ancestor = browseNode(node.parent);
      if (resources.has("BrowseNodes.Children") && node.children.length > 0) {
        out.Children = node.children.map((child) => ({
          Id: child.id,
          DisplayName: child.words.en,
          ContextFreeName: child.words.en,
        }));
      }
      nodes.push(out);
    }
    return Response.json({
      ...(nodes.length ? { BrowseNodesResult: { BrowseNodes: nodes } } : {}),
      ...(errors.length ? { Errors: errors } : {}),
    });
  }

  return {
    marketplace: "emporium",
    handle: async (request) => app.fetch(request),
    fault(kind, status) {
      if (kind === "throttle") {
        return error(
          429,
          "TooManyRequestsException",
          "TooManyRequests",
          "The request was denied due to request throttling. Please verify the number of requests made per second to the Amazon Product Advertising API.",
          { "retry-after": "1" },
        );
      }
      if (kind === "token-expired") {
        return error(
          401,
          "UnrecognizedClientException",
          "ExpiredToken",
          "The security token included in the request is expired.",
        );
      }
      return error(
        status,
        "InternalFailureException",
        "InternalFailure",
        "The request processing has failed because of an unknown error, exception or failure.",
      );
    },
  };
}
