import type { Money } from "../../src/contract/marketplace.ts";
import type { ListingView } from "./evidence.ts";
import type { ImageHash } from "./image-hash.ts";
import { listingFacts } from "./listing-facts.ts";
import { englishTerms } from "./title-terms.ts";

/** A listing (search row or product read in full) as the comparable facts that `judge` weighs. */
export function viewOf(
  marketplace: string,
  listing: {
    productId: string;
    title: string;
    url: string;
    price: Money;
    brand?: string;
    imageUrl?: string;
    images?: string[];
  },
  englishTitle: string,
  image: ImageHash | undefined,
  description?: string,
): ListingView {
  const facts = listingFacts(listing.title, description);
  const exclude = new Set([...brandWords(listing.brand), ...facts.models.map((m) => m.toLowerCase())]);
  for (const m of facts.models)
    for (const part of m.toLowerCase().split(/(\d+)/)) if (part) exclude.add(part);
  return {
    marketplace,
    productId: listing.productId,
    title: listing.title,
    url: listing.url,
    price: listing.price,
    brand: listing.brand,
    imageUrl: listing.imageUrl ?? listing.images?.[0],
    facts,
    terms: englishTerms(englishTitle, exclude),
    image,
  };
}

export function brandWords(brand: string | undefined): Set<string> {
  return new Set(
    (brand ?? "")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
}

/** A row without a brand field names the source's brand when its title does. */
export function brandIn(title: string, brand: string | undefined): string | undefined {
  return brand && title.toLowerCase().includes(brand.toLowerCase()) ? brand : undefined;
}
