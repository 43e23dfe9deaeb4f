import { timingSafeEqual } from "node:crypto";
import {
  buildSchema,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  graphql,
  Kind,
  type ValueNode,
} from "graphql";
import { Hono } from "hono";
import type { Credentials } from "../../marketplaces/upstream-config.ts";
import type { CatalogProduct, Variant } from "../catalog/catalog.ts";
import type { CategoryNode } from "../catalog/taxonomy.ts";
import type { Dialect } from "../http.ts";
import { fingerprintBytes } from "../images/visual-index.ts";
import type { DialectContext } from "./context.ts";

/**
 * The storefront as Shopify's Storefront API speaks: GraphQL over POST /api/<version>/graphql.json with
 * the X-Shopify-Storefront-Access-Token header, executed by graphql-js against a subset of the real
 * schema (search with productFilters and filter facets, collections, products, variants, metafields,
 * Relay cursors, @inContext presentment). Visual search is an app extension of the schema
 * (`visualSearch`), as a store offering it would install; the real API has no such field.
 */

function isoCodes(type: "region" | "language"): string[] {
  const names = new Intl.DisplayNames(["en"], { type });
  const out: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      try {
        const name = names.of(type === "region" ? code : code.toLowerCase());
        if (name && name !== code && name !== code.toLowerCase() && !/^Unknown/.test(name)) out.push(code);
      } catch {
        // not a code ICU knows
      }
    }
  }
  return out;
}

/** The Storefront API schema (SDL); its country and language enums are read from ICU when first built. */
const sdl = () => `
directive @inContext(country: CountryCode, language: LanguageCode, buyer: String) on QUERY | MUTATION
scalar URL
scalar DateTime
scalar Decimal
scalar HTML
scalar JSON
enum CountryCode { ${isoCodes("region").join(" ")} }
enum LanguageCode { ${isoCodes("language").join(" ")} }
enum CurrencyCode { ${Intl.supportedValuesOf("currency").join(" ")} }
enum FilterType { LIST PRICE_RANGE BOOLEAN }
enum SearchSortKeys { PRICE RELEVANCE }
enum SearchType { ARTICLE PAGE PRODUCT }
enum SearchUnavailableProductsType { HIDE LAST SHOW }
enum ProductCollectionSortKeys { BEST_SELLING COLLECTION_DEFAULT CREATED ID MANUAL PRICE RELEVANCE TITLE }
enum ProductSortKeys { BEST_SELLING CREATED_AT ID PRICE PRODUCT_TYPE RELEVANCE TITLE UPDATED_AT VENDOR }
type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
type ProductPriceRange { minVariantPrice: MoneyV2! maxVariantPrice: MoneyV2! }
type Image { id: ID url: URL! altText: String width: Int height: Int }
type ImageEdge { cursor: String! node: Image! }
type ImageConnection { edges: [ImageEdge!]! nodes: [Image!]! pageInfo: PageInfo! }
type SelectedOption { name: String! value: String! }
type ProductVariant { id: ID! title: String! sku: String availableForSale: Boolean! quantityAvailable: Int price: MoneyV2! compareAtPrice: MoneyV2 selectedOptions: [SelectedOption!]! image: Image }
type ProductVariantEdge { cursor: String! node: ProductVariant! }
type ProductVariantConnection { edges: [ProductVariantEdge!]! nodes: [ProductVariant!]! pageInfo: PageInfo! }
type Metafield { namespace: String! key: String! value: String! type: String! }
input HasMetafieldsIdentifier { namespace: String! key: String! }
type Collection { id: ID! handle: String! title: String! description: String! products(first: Int, after: String, last: Int, before: String, filters: [ProductFilter!], sortKey: ProductCollectionSortKeys = COLLECTION_DEFAULT, reverse: Boolean = false): ProductConnection! }
type CollectionEdge { cursor: String! node: Collection! }
type CollectionConnection { edges: [CollectionEdge!]! nodes: [Collection!]! pageInfo: PageInfo! totalCount: Int! }
type Product { id: ID! handle: String! title: String! description: String! descriptionHtml: HTML! vendor: String! productType: String! tags: [String!]! onlineStoreUrl: URL availableForSale: Boolean! createdAt: DateTime! featuredImage: Image images(first: Int, after: String): ImageConnection! priceRange: ProductPriceRange! compareAtPriceRange: ProductPriceRange! variants(first: Int, after: String): ProductVariantConnection! collections(first: Int, after: String): CollectionConnection! metafields(identifiers: [HasMetafieldsIdentifier!]!): [Metafield]! }
type ProductEdge { cursor: String! node: Product! }
type FilterValue { id: String! label: String! count: Int! input: JSON! }
type Filter { id: String! label: String! type: FilterType! values: [FilterValue!]! }
type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! filters: [Filter!]! }
input PriceRangeFilter { min: Float max: Float }
input VariantOptionFilter { name: String! value: String! }
input ProductFilter { available: Boolean price: PriceRangeFilter productType: String productVendor: String tag: String variantOption: VariantOptionFilter }
union SearchResultItem = Product
type SearchResultItemEdge { cursor: String! node: SearchResultItem! }
type SearchResultItemConnection { edges: [SearchResultItemEdge!]! nodes: [SearchResultItem!]! pageInfo: PageInfo! productFilters: [Filter!]! totalCount: Int! }
input VisualSearchImageInput { contentType: String! data: String! }
type QueryRoot {
  search(query: String!, first: Int, after: String, last: Int, before: String, productFilters: [ProductFilter!], sortKey: SearchSortKeys = RELEVANCE, reverse: Boolean = false, types: [SearchType!], unavailableProducts: SearchUnavailableProductsType): SearchResultItemConnection!
  products(first: Int, after: String, query: String, sortKey: ProductSortKeys = ID, reverse: Boolean = false): ProductConnection!
  product(id: ID, handle: String): Product
  collection(id: ID, handle: String): Collection
  collections(first: Int, after: String): CollectionConnection!
  visualSearch(image: VisualSearchImageInput!, query: String, collectionId: ID, first: Int, after: String, productFilters: [ProductFilter!]): SearchResultItemConnection!
}
schema { query: QueryRoot }
`;

/** Presentment currencies by buyer country (@inContext), converted from the shop's yen. */
const PRESENTMENT: Record<string, { currency: string; perYen: number }> = {
  JP: { currency: "JPY", perYen: 1 },
  US: { currency: "USD", perYen: 1 / 150 },
  GB: { currency: "GBP", perYen: 1 / 190 },
  DE: { currency: "EUR", perYen: 1 / 163 },
  FR: { currency: "EUR", perYen: 1 / 163 },
  KR: { currency: "KRW", perYen: 9 },
  CN: { currency: "CNY", perYen: 1 / 21 },
  TW: { currency: "TWD", perYen: 1 / 4.7 },
  CA: { currency: "CAD", perYen: 1 / 110 },
  AU: { currency: "AUD", perYen: 1 / 99 },
};

interface Presentment {
  currency: string;
  perYen: number;
}

type ProductFilterInput = {
  available?: boolean;
  price?: { min?: number; max?: number };
  productType?: string;
  productVendor?: string;
  tag?: string;
  variantOption?: { name: string; value: string };
};

const encodeCursor = (offset: number, lastId: string) =>
  Buffer.from(JSON.stringify({ last_id: Number(lastId.split("/").pop()), offset })).toString("base64");

function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8"));
    if (typeof parsed.offset === "number" && parsed.offset >= 0) return parsed.offset + 1;
  } catch {
    // fall through
  }
  throw new Error(`Invalid cursor: ${cursor.slice(0, 40)}`);
}

export function createShopifyDialect(ctx: DialectContext, creds: Credentials<"storefront">): Dialect {
  // Built on the first GraphQL call, not at start-up: the ICU enumerations and the schema's parse were
  // some 100 ms of a server's start (issue 16 item 11) that only a storefront call needs.
  let schema: GraphQLSchema | undefined;
  const app = new Hono();
  app.get("/img/:index/:file", (c) => ctx.serveImage(c));

  const tagsOf = (p: CatalogProduct) => [
    `condition:${p.index % 10 === 0 ? "used" : "new"}`,
    p.leaf.noun!.words.en,
  ];
  const colorName = (v: Variant) => v.color?.ja;

  function presentmentOf(info: GraphQLResolveInfo): Presentment {
    const directive = info.operation.directives?.find((d) => d.name.value === "inContext");
    const arg = directive?.arguments?.find((a) => a.name.value === "country");
    const value = arg ? argumentValue(arg.value, info.variableValues) : undefined;
    return (typeof value === "string" && PRESENTMENT[value]) || PRESENTMENT.JP!;
  }

  function argumentValue(node: ValueNode, variables: GraphQLResolveInfo["variableValues"]): unknown {
    if (node.kind === Kind.VARIABLE) {
      const vars = variables as unknown as { coerced?: Record<string, unknown> } & Record<string, unknown>;
      return (vars.coerced ?? vars)[node.name.value];
    }
    if (node.kind === Kind.ENUM || node.kind === Kind.STRING) return node.value;
    return undefined;
  }

  function moneyV2(yen: number, pres: Presentment) {
    const amount =
      pres.currency === "JPY" || pres.currency === "KRW"
        ? Math.round(yen * pres.perYen)
        : Math.round(yen * pres.perYen * 100) / 100;
    return { amount: amount.toFixed(1).replace(/\.0$/, ".0"), currencyCode: pres.currency };
  }

  function connection<T>(
    items: T[],
    args: { first?: number | null; after?: string | null },
    idOf: (t: T) => string,
  ) {
    const first = Math.min(Math.max(args.first ?? 20, 1), 250);
    const start = decodeCursor(args.after ?? undefined);
    const slice = items.slice(start, start + first);
    const edges = slice.map((node, i) => ({ cursor: encodeCursor(start + i, idOf(node)), node }));
    return {
      edges,
      nodes: slice,
      pageInfo: {
        hasNextPage: start + first < items.length,
        hasPreviousPage: start > 0,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
      totalCount: items.length,
    };
  }

  function image(product: CatalogProduct, n: number) {
    return {
      id: `gid://shopify/ProductImage/${Number(product.id.split("/").pop()) * 10 + n}`,
      url: ctx.imageUrl(product, n),
      altText: product.title,
      width: 800,
      height: 800,
    };
  }

  function collectionObject(node: CategoryNode) {
    return {
      id: node.id,
      handle: `${node.noun!.words.en.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
      title: node.words.ja,
      description: node.words.ja,
      products: (args: CollectionProductsArgs, _c: unknown, info: GraphQLResolveInfo) => {
        const pres = presentmentOf(info);
        const members = ctx.catalog.search({ nodeId: node.id, sort: sortOf(args.sortKey, args.reverse) });
        const filtered = applyFilters(members, args.filters ?? [], pres);
        const conn = connection(filtered, args, (p) => p.id);
        return {
          ...conn,
          edges: conn.edges.map((e) => ({ ...e, node: productObject(e.node, pres) })),
          nodes: conn.nodes.map((p) => productObject(p, pres)),
          filters: filtersFor(members, pres),
        };
      },
    };
  }

  function variantsOf(product: CatalogProduct): Variant[] {
    return product.variants.length > 0
      ? product.variants
      : [
          {
            id: `gid://shopify/ProductVariant/${Number(product.id.split("/").pop()) * 16}`,
            color: undefined,
            size: undefined,
            priceMinor: product.priceMinor,
            listMinor: product.listMinor,
            stock: product.stock,
          },
        ];
  }

  function productObject(product: CatalogProduct, pres: Presentment) {
    const variants = variantsOf(product);
    const prices = variants.map((v) => v.priceMinor);
    const lists = variants.map((v) => v.listMinor ?? v.priceMinor);
    const reviews = product.ratingCount > 0 ? ctx.catalog.reviews(product) : [];
    return {
      id: product.id,
      handle: `item-${product.index}`,
      title: product.title,
      description: product.description,
      descriptionHtml: `<p>${product.description}</p>`,
      vendor: product.brand,
      productType: product.leaf.noun!.words.ja,
      tags: tagsOf(product),
      onlineStoreUrl: `https://marketlens-sandbox.myshopify.com/products/item-${product.index}`,
      availableForSale: product.stock > 0,
      createdAt: product.createdAt,
      featuredImage: image(product, 0),
      images: (args: { first?: number; after?: string }) =>
        connection(
          Array.from({ length: product.imageCount }, (_, n) => image(product, n)),
          args,
          (i) => i.id,
        ),
      priceRange: {
        minVariantPrice: moneyV2(Math.min(...prices), pres),
        maxVariantPrice: moneyV2(Math.max(...prices), pres),
      },
      compareAtPriceRange: {
        minVariantPrice: moneyV2(Math.min(...lists), pres),
        maxVariantPrice: moneyV2(Math.max(...lists), pres),
      },
      variants: (args: { first?: number; after?: string }) => {
        const conn = connection(variants, args, (v) => v.id);
        const toObject = (v: Variant) => ({
          id: v.id,
          title: [colorName(v), v.size].filter(Boolean).join(" / ") || "Default Title",
          sku: `SKU-${product.index}-${v.id.split("/").pop()}`,
          availableForSale: v.stock > 0,
          quantityAvailable: v.stock,
          price: moneyV2(v.priceMinor, pres),
          compareAtPrice: v.listMinor ? moneyV2(v.listMinor, pres) : null,
          selectedOptions: [
            ...(v.color ? [{ name: "Color", value: colorName(v)! }] : []),
            ...(v.size ? [{ name: "Size", value: v.size }] : []),
            ...(!v.color && !v.size ? [{ name: "Title", value: "Default Title" }] : []),
          ],
          image: image(product, 0),
        });
        return {
          ...conn,
          edges: conn.edges.map((e) => ({ ...e, node: toObject(e.node) })),
          nodes: conn.nodes.map(toObject),
        };
      },
      collections: (args: { first?: number; after?: string }) =>
        connection([collectionObject(product.leaf)], args, (c) => c.id),
      metafields: (args: { identifiers: { namespace: string; key: string }[] }) =>
        args.identifiers.map(({ namespace, key }) => {
          const field = (value: string, type: string) => ({ namespace, key, value, type });
          if (product.ratingCount === 0) return null;
          if (namespace === "reviews" && key === "rating") {
            return field(
              JSON.stringify({ scale_min: "1.0", scale_max: "5.0", value: product.rating.toFixed(1) }),
              "rating",
            );
          }
          if (namespace === "reviews" && key === "rating_count")
            return field(String(product.ratingCount), "number_integer");
          if (namespace === "marketlens" && key === "reviews" && product.reviewApp === "marketlens") {
            return field(
              JSON.stringify(
                reviews.map((r) => ({
                  id: r.id,
                  rating: r.rating,
                  title: r.title,
                  body: r.body,
                  author: r.author,
                  created_at: r.date,
                  verified: r.verified,
                })),
              ),
              "json",
            );
          }
          if (namespace === "yotpo" && key === "reviews" && product.reviewApp === "yotpo") {
            return field(
              JSON.stringify({
                bottomline: { total_review: product.ratingCount, average_score: product.rating },
              }),
              "json",
            );
          }
          return null;
        }),
    };
  }

  type CollectionProductsArgs = {
    first?: number;
    after?: string;
    filters?: ProductFilterInput[];
    sortKey?: string;
    reverse?: boolean;
  };

  function sortOf(sortKey: string | undefined, reverse: boolean | undefined) {
    if (sortKey === "PRICE") return reverse ? "price_desc" : "price_asc";
    if (sortKey === "CREATED" || sortKey === "CREATED_AT") return "newest";
    if (sortKey === "BEST_SELLING") return "bestseller";
    return "relevance";
  }

  /** Shopify ORs filters of the same kind and ANDs different kinds. */
  function applyFilters(
    products: CatalogProduct[],
    filters: ProductFilterInput[],
    pres: Presentment,
  ): CatalogProduct[] {
    const vendors = filters.flatMap((f) => (f.productVendor ? [f.productVendor] : []));
    const tags = filters.flatMap((f) => (f.tag ? [f.tag] : []));
    const options = filters.flatMap((f) => (f.variantOption ? [f.variantOption] : []));
    const available = filters.find((f) => f.available !== undefined)?.available;
    const price = filters.find((f) => f.price)?.price;
    return products.filter((p) => {
      if (vendors.length > 0 && !vendors.includes(p.brand)) return false;
      if (tags.length > 0 && !tags.some((t) => tagsOf(p).includes(t))) return false;
      if (available !== undefined && p.stock > 0 !== available) return false;
      if (price) {
        const amount = Number(moneyV2(p.priceMinor, pres).amount);
        if (
          (price.min !== undefined && amount < price.min) ||
          (price.max !== undefined && amount > price.max)
        )
          return false;
      }
      if (
        options.length > 0 &&
        !options.some((o) =>
          variantsOf(p).some((v) => (o.name === "Color" ? colorName(v) === o.value : v.size === o.value)),
        )
      )
        return false;
      return true;
    });
  }

  function filtersFor(products: CatalogProduct[], pres: Presentment) {
    const count = (key: (p: CatalogProduct) => string[]) => {
      const map = new Map<string, number>();
      for (const p of products) for (const k of new Set(key(p))) map.set(k, (map.get(k) ?? 0) + 1);
      return [...map.entries()].sort((a, b) => b[1] - a[1]);
    };
    const max = products.reduce((m, p) => Math.max(m, Number(moneyV2(p.priceMinor, pres).amount)), 0);
    return [
      {
        id: "filter.v.availability",
        label: "在庫",
        type: "LIST",
        values: [
          {
            id: "filter.v.availability.1",
            label: "在庫あり",
            count: products.filter((p) => p.stock > 0).length,
            input: JSON.stringify({ available: true }),
          },
          {
            id: "filter.v.availability.0",
            label: "在庫切れ",
            count: products.filter((p) => p.stock === 0).length,
            input: JSON.stringify({ available: false }),
          },
        ],
      },
      {
        id: "filter.v.price",
        label: "価格",
        type: "PRICE_RANGE",
        values: [
          {
            id: "filter.v.price",
            label: "価格",
            count: 0,
            input: JSON.stringify({ price: { min: 0, max } }),
          },
        ],
      },
      {
        id: "filter.p.vendor",
        label: "ブランド",
        type: "LIST",
        values: count((p) => [p.brand]).map(([v, n]) => ({
          id: `filter.p.vendor.${v}`,
          label: v,
          count: n,
          input: JSON.stringify({ productVendor: v }),
        })),
      },
      {
        id: "filter.v.option.color",
        label: "カラー",
        type: "LIST",
        values: count((p) => p.variants.flatMap((v) => (v.color ? [v.color.ja] : []))).map(([v, n]) => ({
          id: `filter.v.option.color.${v}`,
          label: v,
          count: n,
          input: JSON.stringify({ variantOption: { name: "Color", value: v } }),
        })),
      },
    ];
  }

  function searchConnection(
    matches: CatalogProduct[],
    args: { first?: number; after?: string; productFilters?: ProductFilterInput[] },
    pres: Presentment,
  ) {
    const filtered = applyFilters(matches, args.productFilters ?? [], pres);
    const conn = connection(filtered, args, (p) => p.id);
    const toNode = (p: CatalogProduct) => ({ __typename: "Product", ...productObject(p, pres) });
    return {
      edges: conn.edges.map((e) => ({ cursor: e.cursor, node: toNode(e.node) })),
      nodes: conn.nodes.map(toNode),
      pageInfo: conn.pageInfo,
      productFilters: filtersFor(matches, pres),
      totalCount: filtered.length,
    };
  }

  const rootValue = {
    search: (
      args: {
        query: string;
        first?: number;
        after?: string;
        productFilters?: ProductFilterInput[];
        sortKey?: string;
        reverse?: boolean;
        unavailableProducts?: string;
      },
      _c: unknown,
      info: GraphQLResolveInfo,
    ) => {
      const pres = presentmentOf(info);
      let matches = ctx.catalog.search({ text: args.query, sort: sortOf(args.sortKey, args.reverse) });
      if (args.unavailableProducts === "LAST")
        matches = [...matches.filter((m) => m.stock > 0), ...matches.filter((m) => m.stock === 0)];
      if (args.unavailableProducts === "HIDE") matches = matches.filter((m) => m.stock > 0);
      return searchConnection(matches, args, pres);
    },
    products: (
      args: { first?: number; after?: string; query?: string },
      _c: unknown,
      info: GraphQLResolveInfo,
    ) => {
      const pres = presentmentOf(info);
      const conn = connection(ctx.catalog.search(args.query ? { text: args.query } : {}), args, (p) => p.id);
      return {
        ...conn,
        edges: conn.edges.map((e) => ({ ...e, node: productObject(e.node, pres) })),
        nodes: conn.nodes.map((p) => productObject(p, pres)),
        filters: [],
      };
    },
    product: (args: { id?: string; handle?: string }, _c: unknown, info: GraphQLResolveInfo) => {
      const product = args.id
        ? ctx.catalog.byId.get(args.id)
        : ctx.catalog.products[Number(args.handle?.replace(/^item-/, "") ?? "-1")];
      return product ? productObject(product, presentmentOf(info)) : null;
    },
    collection: (args: { id?: string }) => {
      const node = args.id ? ctx.catalog.taxonomy.nodes.get(args.id) : undefined;
      return node ? collectionObject(node) : null;
    },
    collections: (args: { first?: number; after?: string }) =>
      connection(ctx.catalog.taxonomy.roots.map(collectionObject), args, (c) => c.id),
    visualSearch: async (
      args: {
        image: { contentType: string; data: string };
        query?: string;
        collectionId?: string;
        first?: number;
        after?: string;
        productFilters?: ProductFilterInput[];
      },
      _c: unknown,
      info: GraphQLResolveInfo,
    ) => {
      let fp: Awaited<ReturnType<typeof fingerprintBytes>>;
      try {
        fp = await fingerprintBytes(Buffer.from(args.image.data, "base64"));
      } catch {
        throw Object.assign(new Error("The image could not be decoded."), {
          extensions: { code: "BAD_USER_INPUT" },
        });
      }
      // The image anchors the search: the nearest products, then the query and filters narrow them.
      let matches = ctx.visual.nearest(fp, 120).map((m) => m.product);
      if (args.query) {
        const tokens = args.query.toLowerCase().split(/\s+/).filter(Boolean);
        matches = matches.filter((m) => tokens.every((t) => m.searchText.includes(t)));
      }
      if (args.collectionId) matches = matches.filter((m) => m.path.includes(args.collectionId!));
      return searchConnection(matches, args, presentmentOf(info));
    },
  };

  app.post("/api/:version/graphql.json", async (c) => {
    if (!/^\d{4}-\d{2}$/.test(c.req.param("version")))
      return c.json({ errors: [{ message: "Not Found" }] }, 404);
    const token = Buffer.from(c.req.header("x-shopify-storefront-access-token") ?? "");
    const expected = Buffer.from(creds.accessToken);
    if (token.length !== expected.length || !timingSafeEqual(token, expected)) {
      return c.json({ errors: [{ message: "Unauthorized", extensions: { code: "UNAUTHORIZED" } }] }, 401);
    }
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json({ errors: [{ message: "Parse error on request body" }] }, 400);
    }
    if (typeof body.query !== "string")
      return c.json({ errors: [{ message: "No query string was present" }] });
    await ctx.delay(120);
    schema ??= buildSchema(sdl());
    const result = await graphql({
      schema,
      source: body.query,
      rootValue,
      variableValues: (body.variables ?? {}) as Record<string, unknown>,
      ...(typeof body.operationName === "string" ? { operationName: body.operationName } : {}),
    });
    const errors = result.errors?.map((e) => ({
      message: e.message,
      ...(e.locations ? { locations: e.locations } : {}),
      ...(e.path ? { path: e.path } : {}),
      extensions: {
        code:
          (e.originalError as { extensions?: { code?: string } } | undefined)?.extensions?.code ??
          (/Cannot query field/.test(e.message) ? "undefinedField" : "GRAPHQL_VALIDATION_FAILED"),
      },
    }));
    return c.json({
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(errors ? { errors } : {}),
    });
  });

  return {
    marketplace: "storefront",
    handle: async (request) => app.fetch(request),
    fault(kind, status) {
      if (kind === "throttle") {
        return Response.json({
          errors: [
            {
              message: "Throttled",
              extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
            },
          ],
        });
      }
      if (kind === "token-expired")
        return Response.json(
          { errors: [{ message: "Unauthorized", extensions: { code: "UNAUTHORIZED" } }] },
          { status: 401 },
        );
      return Response.json(
        {
          errors: [
            {
              message: "Internal error. Looks like something went wrong on our end.",
              extensions: { code: "INTERNAL_SERVER_ERROR" },
            },
          ],
        },
        { status },
      );
    },
  };
}
