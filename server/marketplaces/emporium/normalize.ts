import { z } from "zod";
import type {
  CategoryEntry,
  CategoryList,
  CategoryRef,
  Facet,
  Product,
  SearchItem,
  SearchResult,
  Variant,
} from "../../../src/contract/marketplace.ts";
import { lowest, money } from "../shared/money.ts";
import { readShape } from "../shared/upstream.ts";
import { EMPORIUM_DEPARTMENTS } from "./departments.ts";

/**
 * PA-API 5 shapes to the contract. PascalCase, every attribute wrapped in {DisplayValue, Label, Locale},
 * prices as numbers with a currency, the category path as a nested Ancestor chain (root has none).
 */

const Display = z.object({ DisplayValue: z.unknown() }).partial();
const PriceShape = z.object({
  Amount: z.number(),
  Currency: z.string(),
  DisplayAmount: z.string().optional(),
});

type NodeShape = { Id: string; DisplayName?: string; ContextFreeName?: string; Ancestor?: NodeShape };
const BrowseNodeShape: z.ZodType<NodeShape> = z.lazy(() =>
  z.object({
    Id: z.string(),
    DisplayName: z.string().optional(),
    ContextFreeName: z.string().optional(),
    Ancestor: BrowseNodeShape.optional(),
  }),
);

const ImageShape = z.object({ URL: z.string() });
const ItemShape = z.object({
  ASIN: z.string(),
  ParentASIN: z.string().optional(),
  DetailPageURL: z.string(),
  Images: z
    .object({
      Primary: z.object({ Large: ImageShape.optional(), Medium: ImageShape.optional() }).optional(),
      Variants: z.array(z.object({ Large: ImageShape.optional() })).optional(),
    })
    .optional(),
  ItemInfo: z
    .object({
      Title: Display.optional(),
      ByLineInfo: z.object({ Brand: Display.optional(), Manufacturer: Display.optional() }).optional(),
      Features: z.object({ DisplayValues: z.array(z.string()) }).optional(),
    })
    .optional(),
  BrowseNodeInfo: z.object({ BrowseNodes: z.array(BrowseNodeShape).optional() }).optional(),
  CustomerReviews: z
    .object({
      Count: z.number().int().nonnegative().optional(),
      StarRating: z.object({ Value: z.number() }).optional(),
    })
    .optional(),
  Offers: z
    .object({
      Listings: z
        .array(
          z.object({
            Price: PriceShape.optional(),
            SavingBasis: PriceShape.optional(),
            Availability: z.object({ Type: z.string().optional() }).optional(),
            Condition: z.object({ Value: z.string().optional() }).optional(),
            DeliveryInfo: z.object({ IsFreeShippingEligible: z.boolean().optional() }).optional(),
          }),
        )
        .optional(),
      Summaries: z
        .array(
          z.object({
            LowestPrice: PriceShape.optional(),
            Condition: z.object({ Value: z.string() }).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  VariationAttributes: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
});
export type PaapiItem = z.infer<typeof ItemShape>;

const Bins = z.array(z.object({ Id: z.string(), DisplayName: z.string() }));
const Refinement = z.object({ Id: z.string().optional(), DisplayName: z.string(), Bins });
const SearchResultShape = z.object({
  SearchResult: z.object({
    Items: z.array(ItemShape).optional(),
    TotalResultCount: z.number().int().nonnegative().optional(),
    SearchURL: z.string().optional(),
    SearchRefinements: z
      .object({
        SearchIndex: Refinement.optional(),
        BrowseNode: Refinement.optional(),
        OtherRefinements: z.array(Refinement).optional(),
      })
      .optional(),
  }),
});

const ItemsResultShape = z.object({ ItemsResult: z.object({ Items: z.array(ItemShape) }) });
const VariationsShape = z.object({
  VariationsResult: z.object({
    Items: z.array(ItemShape),
    VariationSummary: z
      .object({ PageCount: z.number().optional(), VariationCount: z.number().optional() })
      .optional(),
  }),
});

const ChildShape = z.object({
  Id: z.string(),
  DisplayName: z.string().optional(),
  ContextFreeName: z.string().optional(),
});
const BrowseNodesShape = z.object({
  BrowseNodesResult: z.object({
    BrowseNodes: z.array(
      z.object({
        Id: z.string(),
        DisplayName: z.string().optional(),
        ContextFreeName: z.string().optional(),
        IsRoot: z.boolean().optional(),
        Ancestor: BrowseNodeShape.optional(),
        Children: z.array(ChildShape).optional(),
      }),
    ),
  }),
});

function text(value: { DisplayValue?: unknown } | undefined): string | undefined {
  return typeof value?.DisplayValue === "string" && value.DisplayValue.trim()
    ? value.DisplayValue.trim()
    : undefined;
}

/** A node and its Ancestor chain, root first. */
function chain(node: NodeShape): CategoryRef[] {
  const out: CategoryRef[] = [];
  for (let at: NodeShape | undefined = node; at; at = at.Ancestor) {
    out.unshift({ id: at.Id, name: at.DisplayName ?? at.ContextFreeName ?? at.Id });
  }
  return out;
}

function priceOf(item: PaapiItem) {
  const listing = item.Offers?.Listings?.[0];
  const fromListing = listing?.Price ? money(listing.Price.Amount, listing.Price.Currency) : undefined;
  if (fromListing) return fromListing;
  // No buy box: the lowest offer of any condition is the "from" price.
  const summaries = (item.Offers?.Summaries ?? []).flatMap((s) =>
    s.LowestPrice ? [money(s.LowestPrice.Amount, s.LowestPrice.Currency)] : [],
  );
  return lowest(summaries.filter((m) => m !== undefined));
}

function conditionOf(value: string | undefined): SearchItem["condition"] {
  const v = value?.toLowerCase();
  if (v === "new") return "new";
  if (v === "used" || v === "collectible") return "used";
  if (v === "refurbished") return "refurbished";
  return undefined;
}

/** One PA-API item as a search row; undefined when it carries no price at all (no offer to show). */
export function normalizeItem(item: PaapiItem): SearchItem | undefined {
  const price = priceOf(item);
  if (!price) return undefined;
  const listing = item.Offers?.Listings?.[0];
  const original = listing?.SavingBasis
    ? money(listing.SavingBasis.Amount, listing.SavingBasis.Currency)
    : undefined;
  const brand = text(item.ItemInfo?.ByLineInfo?.Brand) ?? text(item.ItemInfo?.ByLineInfo?.Manufacturer);
  const image = item.Images?.Primary?.Large?.URL ?? item.Images?.Primary?.Medium?.URL;
  const reviews = item.CustomerReviews;
  const node = item.BrowseNodeInfo?.BrowseNodes?.[0];
  const out: SearchItem = {
    productId: item.ASIN,
    title: text(item.ItemInfo?.Title) ?? item.ASIN,
    url: item.DetailPageURL,
    price,
    category: node ? chain(node) : [],
  };
  if (image) out.imageUrl = image;
  if (original && original.amount > price.amount) out.originalPrice = original;
  if (reviews?.StarRating && reviews.Count !== undefined) {
    out.rating = { average: Math.min(5, Math.max(0, reviews.StarRating.Value)), count: reviews.Count };
  }
  if (brand) out.brand = brand;
  const condition = conditionOf(listing?.Condition?.Value);
  if (condition) out.condition = condition;
  if (listing?.DeliveryInfo?.IsFreeShippingEligible !== undefined)
    out.freeShipping = listing.DeliveryInfo.IsFreeShippingEligible;
  if (listing?.Availability?.Type !== undefined) out.inStock = listing.Availability.Type === "Now";
  return out;
}

function refinementFacet(id: string, refinement: z.infer<typeof Refinement>): Facet {
  return {
    id,
    label: refinement.DisplayName,
    values: refinement.Bins.map((b) => ({ value: b.Id, label: b.DisplayName })),
  };
}

export function normalizeSearch(
  body: unknown,
  request: { query?: string; page: number; maxPage: number },
): SearchResult {
  const { SearchResult: result } = readShape("emporium", SearchResultShape, body, "SearchItems result");
  const items = (result.Items ?? []).map(normalizeItem).filter((i): i is SearchItem => i !== undefined);
  const facets: Facet[] = [];
  const refinements = result.SearchRefinements;
  if (refinements?.SearchIndex) facets.push(refinementFacet("department", refinements.SearchIndex));
  if (refinements?.BrowseNode) facets.push(refinementFacet("category", refinements.BrowseNode));
  for (const other of refinements?.OtherRefinements ?? [])
    facets.push(refinementFacet(other.Id ?? other.DisplayName, other));
  const total = result.TotalResultCount;
  const perPage = result.Items?.length ?? 0;
  const out: SearchResult = {
    marketplace: "emporium",
    items,
    facets,
    paging: {
      page: request.page,
      pageSize: items.length,
      hasMore:
        request.page < request.maxPage &&
        perPage > 0 &&
        (total === undefined || request.page * perPage < total),
      ...(total === undefined ? {} : { totalResults: total }),
    },
  };
  if (request.query !== undefined) out.query = request.query;
  return out;
}

export function emptySearch(request: { query?: string; page: number }): SearchResult {
  return {
    marketplace: "emporium",
    ...(request.query === undefined ? {} : { query: request.query }),
    items: [],
    facets: [],
    paging: { page: request.page, pageSize: 0, totalResults: 0, hasMore: false },
  };
}

export function readItems(body: unknown): PaapiItem[] {
  return readShape("emporium", ItemsResultShape, body, "GetItems result").ItemsResult.Items;
}

export function readVariations(body: unknown): PaapiItem[] {
  return readShape("emporium", VariationsShape, body, "GetVariations result").VariationsResult.Items;
}

export function normalizeProduct(item: PaapiItem, variations: PaapiItem[]): Product | undefined {
  const row = normalizeItem(item);
  if (!row) return undefined;
  const features = item.ItemInfo?.Features?.DisplayValues ?? [];
  const images = [
    ...(row.imageUrl ? [row.imageUrl] : []),
    ...(item.Images?.Variants ?? []).flatMap((v) => (v.Large?.URL ? [v.Large.URL] : [])),
  ];
  const variants: Variant[] = variations.flatMap((v) => {
    const vRow = normalizeItem(v);
    if (!vRow) return [];
    const attributes: Record<string, string> = {};
    for (const a of v.VariationAttributes ?? []) attributes[a.Name.replace(/_name$/, "")] = a.Value;
    const variant: Variant = {
      productId: v.ASIN,
      title: vRow.title,
      attributes,
      price: vRow.price,
      inStock: vRow.inStock ?? true,
    };
    if (vRow.originalPrice) variant.originalPrice = vRow.originalPrice;
    if (vRow.imageUrl) variant.imageUrl = vRow.imageUrl;
    return [variant];
  });
  // The product's price is its lowest variant's, as the contract defines it.
  const price = lowest([
    row.price,
    ...variants.map((v) => v.price).filter((p) => p.currency === row.price.currency),
  ])!;
  const product: Product = {
    marketplace: "emporium",
    productId: row.productId,
    title: row.title,
    url: row.url,
    images,
    price,
    category: row.category,
    variants,
  };
  if (features.length > 0) product.description = features.join("\n");
  if (row.brand) product.brand = row.brand;
  if (row.originalPrice && row.originalPrice.amount > price.amount) product.originalPrice = row.originalPrice;
  if (row.rating) product.rating = row.rating;
  if (row.condition) product.condition = row.condition;
  if (row.inStock !== undefined) product.inStock = row.inStock || variants.some((v) => v.inStock);
  if (row.freeShipping !== undefined) product.shipping = [{ free: row.freeShipping }];
  return product;
}

/** The 40 departments: not browsable (browse wants a browse node), each with children. */
export function departmentsList(browsableOnly: boolean): CategoryList {
  return {
    marketplace: "emporium",
    path: [],
    categories: browsableOnly
      ? []
      : EMPORIUM_DEPARTMENTS.map((d) => ({ id: d.slug, name: d.name, browsable: false, hasChildren: true })),
  };
}

/** Children of a browse node; below departments `browsable` is not reported (read as yes). */
export function normalizeBrowseNode(
  body: unknown,
  asked: { id: string; name: string } | undefined,
): CategoryList {
  const nodes = readShape("emporium", BrowseNodesShape, body, "GetBrowseNodes result").BrowseNodesResult
    .BrowseNodes;
  const node = nodes[0];
  if (!node) return { marketplace: "emporium", path: asked ? [asked] : [], categories: [] };
  const path = chain(node);
  // A department asked by slug keeps its slug in the path, so the caller sees the id it sent.
  if (asked && path.length > 0) path[path.length - 1] = asked;
  const categories: CategoryEntry[] = (node.Children ?? []).map((c) => ({
    id: c.Id,
    name: c.DisplayName ?? c.ContextFreeName ?? c.Id,
  }));
  return { marketplace: "emporium", path, categories };
}
