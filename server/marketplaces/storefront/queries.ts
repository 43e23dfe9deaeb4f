/**
 * The Storefront API GraphQL documents the storefront adapter sends. Presentment country and language go
 * through the @inContext directive, as Shopify documents for international pricing.
 */

const CARD = `
fragment ProductCard on Product {
  id
  handle
  title
  vendor
  tags
  availableForSale
  onlineStoreUrl
  featuredImage { url }
  priceRange { minVariantPrice { amount currencyCode } }
  compareAtPriceRange { minVariantPrice { amount currencyCode } }
  collections(first: 5) { nodes { id title } }
  metafields(identifiers: [{namespace: "reviews", key: "rating"}, {namespace: "reviews", key: "rating_count"}]) { namespace key value type }
}`;

const CONNECTION = `
  pageInfo { hasNextPage endCursor }
  edges { cursor node { ...ProductCard } }`;

export const SEARCH_QUERY = `query Search($query: String!, $first: Int!, $after: String, $filters: [ProductFilter!], $sortKey: SearchSortKeys, $reverse: Boolean, $country: CountryCode, $language: LanguageCode)
@inContext(country: $country, language: $language) {
  search(query: $query, first: $first, after: $after, productFilters: $filters, sortKey: $sortKey, reverse: $reverse, types: [PRODUCT], unavailableProducts: LAST) {
    totalCount
    productFilters { id label type values { id label count input } }
    pageInfo { hasNextPage endCursor }
    edges { cursor node { ... on Product { ...ProductCard } } }
  }
}
${CARD}`;

export const BROWSE_QUERY = `query Browse($id: ID!, $first: Int!, $after: String, $filters: [ProductFilter!], $sortKey: ProductCollectionSortKeys, $reverse: Boolean, $country: CountryCode, $language: LanguageCode)
@inContext(country: $country, language: $language) {
  collection(id: $id) {
    id
    title
    products(first: $first, after: $after, filters: $filters, sortKey: $sortKey, reverse: $reverse) {
      filters { id label type values { id label count input } }
      ${CONNECTION}
    }
  }
}
${CARD}`;

/**
 * Visual search is not part of Shopify's Storefront API; a store that offers it does so through an app
 * that extends the schema. Against a store without one, Shopify answers "Field 'visualSearch' doesn't
 * exist on type 'QueryRoot'", which the adapter reports as OPERATION_UNSUPPORTED.
 */
export const VISUAL_SEARCH_QUERY = `query VisualSearch($image: VisualSearchImageInput!, $query: String, $collectionId: ID, $first: Int!, $after: String, $filters: [ProductFilter!], $country: CountryCode, $language: LanguageCode)
@inContext(country: $country, language: $language) {
  visualSearch(image: $image, query: $query, collectionId: $collectionId, first: $first, after: $after, productFilters: $filters) {
    totalCount
    productFilters { id label type values { id label count input } }
    pageInfo { hasNextPage endCursor }
    edges { cursor node { ... on Product { ...ProductCard } } }
  }
}
${CARD}`;

export const COLLECTIONS_QUERY = `query Collections($first: Int!, $after: String, $country: CountryCode, $language: LanguageCode)
@inContext(country: $country, language: $language) {
  collections(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { id title handle }
  }
}`;

export const COLLECTION_QUERY = `query Collection($id: ID!, $country: CountryCode, $language: LanguageCode)
@inContext(country: $country, language: $language) {
  collection(id: $id) { id title handle }
}`;

export const PRODUCT_QUERY = `query Product($id: ID!, $country: CountryCode, $language: LanguageCode)
@inContext(country: $country, language: $language) {
  product(id: $id) {
    ...ProductCard
    description
    images(first: 20) { nodes { url } }
    variants(first: 100) {
      nodes {
        id
        title
        sku
        availableForSale
        quantityAvailable
        price { amount currencyCode }
        compareAtPrice { amount currencyCode }
        selectedOptions { name value }
        image { url }
      }
    }
  }
}
${CARD}`;

/** Review apps whose product metafields the adapter recognizes; only `marketlens` publishes texts we can read. */
export const REVIEW_APP_NAMESPACES = ["yotpo", "judgeme", "stamped", "okendo", "loox"] as const;

export const REVIEWS_QUERY = `query Reviews($id: ID!) {
  product(id: $id) {
    id
    metafields(identifiers: [
      {namespace: "reviews", key: "rating"},
      {namespace: "reviews", key: "rating_count"},
      {namespace: "marketlens", key: "reviews"},
      ${REVIEW_APP_NAMESPACES.map((ns) => `{namespace: "${ns}", key: "reviews"}`).join(",\n      ")}
    ]) { namespace key value type }
  }
}`;
