import { z } from "zod";

/**
 * The shared parameter vocabulary of marketplace operations (spec: Endpoints, Common conventions), as the
 * JSON-body form spells it. A query string carries the same names with string values (lists comma-
 * separated); the gateway reads both forms into these types and each marketplace then applies its own
 * table (which names it accepts, which values, what they cost). Kept runtime-free so the typed client,
 * the extension and the server share one definition.
 */

/** Names of the shared vocabulary plus the per-operation inputs the spec leaves to us (productId). */
export const PARAMETER_NAMES = [
  "query",
  "brands",
  "categoryId",
  "condition",
  "facets",
  "freeShipping",
  "inStock",
  "include",
  "page",
  "pageSize",
  "cursor",
  "priceMin",
  "priceMax",
  "ratingMin",
  "region",
  "sort",
  "currency",
  "language",
  "image",
  "productId",
  "browsableOnly",
] as const;
export type ParameterName = (typeof PARAMETER_NAMES)[number];

/** Image types a marketplace image search accepts (spec: storefront image-search). */
export const IMAGE_CONTENT_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
] as const;

/** `{contentType, data}`, data base64 image bytes; the server also checks the bytes match the type. */
export const ImageInputSchema = z
  .object({
    contentType: z.enum(IMAGE_CONTENT_TYPES),
    data: z.string().min(1),
  })
  .meta({ id: "ImageInput" });
export type ImageInput = z.infer<typeof ImageInputSchema>;

/**
 * A narrowing taken from a result's `facets`: `{id, value}` in a JSON body, or `"<id>:<value>"` (a query
 * string, or a string entry of a JSON list). The id is the facet's id and the value a value's `value`.
 */
export const FacetInputSchema = z.union([
  z.string().min(3),
  z.object({ id: z.string().min(1), value: z.string().min(1) }),
]);
export type FacetInput = z.infer<typeof FacetInputSchema>;

export const ConditionParamSchema = z.enum(["new", "used", "refurbished"]);

/**
 * "Boolean or enum": JSON booleans, or the words a query string carries. `only` and `any` read as a
 * filter that is on or off, the way a shop's "in stock only" switch does.
 */
export const FLAG_TRUE = ["true", "1", "yes", "on", "only"] as const;
export const FLAG_FALSE = ["false", "0", "no", "off", "any"] as const;
export const FlagParamSchema = z.union([z.boolean(), z.enum([...FLAG_TRUE, ...FLAG_FALSE])]);

/** Values of `include`: only `facets` (the result's filter rail) is offered; see docs/marketplaces.md. */
export const INCLUDE_VALUES = ["facets"] as const;

/** Sort values the marketplaces accept between them; each operation's table narrows the list. */
export const SORT_VALUES = [
  "best_match",
  "price_asc",
  "price_desc",
  "newly_listed",
  "avg_review",
  "ending_soonest",
  "best_seller",
] as const;
export type SortValue = (typeof SORT_VALUES)[number];

/** The JSON-body form of a marketplace call (every field optional here; each table says what is required). */
export const MarketplaceParamsSchema = z
  .object({
    query: z.string(),
    brands: z.array(z.string()),
    categoryId: z.string(),
    condition: ConditionParamSchema,
    facets: z.array(FacetInputSchema),
    freeShipping: FlagParamSchema,
    inStock: FlagParamSchema,
    include: z.array(z.enum(INCLUDE_VALUES)),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    cursor: z.string(),
    priceMin: z.number().nonnegative(),
    priceMax: z.number().nonnegative(),
    ratingMin: z.number().min(0).max(5),
    region: z.string().length(2).describe("ISO 3166-1 alpha-2 buyer country"),
    sort: z.enum(SORT_VALUES),
    currency: z.string().length(3).describe("ISO 4217 presentment currency"),
    language: z.string().min(2).max(10),
    image: ImageInputSchema,
    productId: z.string(),
    browsableOnly: FlagParamSchema,
  })
  .partial()
  .meta({ id: "MarketplaceParams" });
export type MarketplaceParams = z.infer<typeof MarketplaceParamsSchema>;
