import { z } from "zod";

/** The five marketplace path segments of the spec (neutral stand-in names). */
export const MARKETPLACES = ["crossborder", "auction", "storefront", "megastore", "emporium"] as const;
export const MarketplaceSchema = z.enum(MARKETPLACES);
export type Marketplace = z.infer<typeof MarketplaceSchema>;

/**
 * Operations under /v1/{marketplace}/. `reviews` is our design for the spec's "reviews operations: not
 * shown" (see docs/marketplaces.md); the others are the spec's table.
 */
export const OPERATIONS = ["search", "browse", "categories", "image-search", "product", "reviews"] as const;
export const OperationSchema = z.enum(OPERATIONS);
export type Operation = z.infer<typeof OperationSchema>;

/** Decimal major units (12.99), rounded to the currency's minor unit, with an ISO 4217 code. */
export const MoneySchema = z
  .object({
    amount: z.number().nonnegative(),
    currency: z.string().length(3),
  })
  .meta({ id: "Money" });
export type Money = z.infer<typeof MoneySchema>;

export const RatingSchema = z
  .object({
    average: z.number().min(0).max(5).describe("aggregate average rating, 0 to 5 stars"),
    count: z.number().int().nonnegative().describe("number of ratings"),
  })
  .meta({ id: "Rating" });
export type Rating = z.infer<typeof RatingSchema>;

export const CategoryRefSchema = z
  .object({
    id: z.string().describe("opaque, per-marketplace category id; valid as categoryId input"),
    name: z.string(),
  })
  .meta({ id: "CategoryRef" });
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

export const FacetValueSchema = z.object({
  value: z.string().describe("fed back as facets=<facet id>:<value>, or {id, value} in a JSON body"),
  label: z.string(),
  count: z.number().int().nonnegative().optional(),
});

export const FacetSchema = z
  .object({
    id: z
      .string()
      .describe("facet id; `category` (or megastore's `cat_id`) carries category ids usable as categoryId"),
    label: z.string(),
    values: z.array(FacetValueSchema),
  })
  .meta({ id: "Facet" });
export type Facet = z.infer<typeof FacetSchema>;

export const SellerSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  feedbackPercent: z.number().min(0).max(100).optional(),
});
export type Seller = z.infer<typeof SellerSchema>;

export const ConditionSchema = z.enum(["new", "used", "refurbished"]);

export const SearchItemSchema = z
  .object({
    productId: z.string().describe("valid as productId on the product operation"),
    title: z.string(),
    url: z.string(),
    imageUrl: z.string().optional(),
    price: MoneySchema.describe('the lowest ("from") price when the item has several variants'),
    originalPrice: MoneySchema.optional().describe("list price before a discount, when one is shown"),
    rating: RatingSchema.optional(),
    category: z.array(CategoryRefSchema).describe("the item's categories, ids usable as categoryId"),
    brand: z.string().optional(),
    condition: ConditionSchema.optional(),
    freeShipping: z.boolean().optional(),
    inStock: z.boolean().optional(),
    seller: SellerSchema.optional(),
    endsAt: z.string().optional().describe("auction close time (ISO 8601) for auction-format listings"),
  })
  .meta({ id: "SearchItem" });
export type SearchItem = z.infer<typeof SearchItemSchema>;

export const PagingSchema = z
  .object({
    page: z.number().int().positive().optional().describe("1-based page number, on page-numbered operations"),
    pageSize: z.number().int().nonnegative().describe("items on this page"),
    totalResults: z.number().int().nonnegative().optional(),
    hasMore: z.boolean(),
    nextCursor: z.string().optional().describe("opaque token for the next page, on cursor-paged operations"),
  })
  .meta({ id: "Paging" });

export const SearchResultSchema = z
  .object({
    marketplace: MarketplaceSchema,
    query: z.string().optional().describe("the keyword query; absent in a browse response"),
    items: z.array(SearchItemSchema),
    facets: z.array(FacetSchema),
    paging: PagingSchema,
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const VariantSchema = z
  .object({
    productId: z
      .string()
      .optional()
      .describe("absent on crossborder: a size or colour there is a SKU inside one product"),
    sku: z.string().optional(),
    title: z.string().optional(),
    attributes: z.record(z.string(), z.string()).describe("e.g. {color: 'Red', size: 'M'}"),
    price: MoneySchema,
    originalPrice: MoneySchema.optional(),
    inStock: z.boolean(),
    quantity: z.number().int().nonnegative().optional(),
    imageUrl: z.string().optional(),
  })
  .meta({ id: "Variant" });
export type Variant = z.infer<typeof VariantSchema>;

export const ShippingSchema = z.object({
  free: z.boolean().optional(),
  cost: MoneySchema.optional(),
  toCountry: z.string().optional(),
  minDays: z.number().int().nonnegative().optional(),
  maxDays: z.number().int().nonnegative().optional(),
});

export const ProductSchema = z
  .object({
    marketplace: MarketplaceSchema,
    productId: z.string(),
    title: z.string(),
    description: z.string().optional().describe("plain text"),
    url: z.string(),
    images: z.array(z.string()),
    brand: z.string().optional(),
    price: MoneySchema.describe("the lowest variant price"),
    originalPrice: MoneySchema.optional(),
    category: z.array(CategoryRefSchema).describe("category chain, root first, leaf last"),
    rating: RatingSchema.optional(),
    variants: z.array(VariantSchema),
    condition: ConditionSchema.optional(),
    inStock: z.boolean().optional(),
    seller: SellerSchema.optional(),
    shipping: z.array(ShippingSchema).optional(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof ProductSchema>;

export const CategoryEntrySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    browsable: z.boolean().optional().describe("whether browse accepts the entry; omitted means yes"),
    hasChildren: z.boolean().optional(),
  })
  .meta({ id: "CategoryEntry" });
export type CategoryEntry = z.infer<typeof CategoryEntrySchema>;

export const CategoryListSchema = z
  .object({
    marketplace: MarketplaceSchema,
    path: z.array(CategoryRefSchema).describe("ancestor chain, leaf last; empty at the root"),
    categories: z
      .array(CategoryEntrySchema)
      .describe("children of the requested category; empty means none listed there (not an error)"),
  })
  .meta({ id: "CategoryList" });
export type CategoryList = z.infer<typeof CategoryListSchema>;

export const ReviewSchema = z.object({
  id: z.string(),
  rating: z.number().min(0).max(5),
  title: z.string().optional(),
  body: z.string(),
  author: z.string().optional(),
  date: z.string().optional().describe("ISO 8601"),
  verifiedPurchase: z.boolean().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z
  .object({
    marketplace: MarketplaceSchema,
    productId: z.string(),
    rating: RatingSchema.optional(),
    reviews: z.array(ReviewSchema),
    paging: PagingSchema,
  })
  .meta({ id: "ReviewList" });
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const MarketplaceInfoSchema = z
  .object({
    id: MarketplaceSchema,
    kind: z.string().describe("what kind of marketplace it is"),
    operations: z.array(OperationSchema),
    status: z.enum(["available", "degraded", "unavailable"]),
  })
  .meta({ id: "MarketplaceInfo" });

export const MarketplaceListSchema = z
  .object({ marketplaces: z.array(MarketplaceInfoSchema) })
  .meta({ id: "MarketplaceList" });
export type MarketplaceList = z.infer<typeof MarketplaceListSchema>;
