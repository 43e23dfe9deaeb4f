import { GatewayError } from "../../src/contract/errors.ts";
import type { Product } from "../../src/contract/marketplace.ts";
import type { CompareRequest, ComparerOptions, SourceRead } from "./comparison-types.ts";
import { brandWords, viewOf } from "./listing-view.ts";
import type { MarketplaceCaller } from "./marketplace-calls.ts";
import { hashOrUndefined, readPicture } from "./picture.ts";
import { englishTerms, translateTitles } from "./title-terms.ts";

/** Reads the source listing; errors here (not found, no balance) fail the whole request. */
export async function readSource(
  options: Pick<ComparerOptions, "translator" | "fetchImage">,
  request: CompareRequest,
  call: MarketplaceCaller,
  signal: AbortSignal,
): Promise<SourceRead> {
  const read = () => call<Product>(request.marketplace, "product", { productId: request.productId }, signal);
  // A connection refused before the request was sent is tried once more (nothing was charged for it).
  const { data: product, units } = await read().catch((error: unknown) => {
    if (error instanceof GatewayError && error.code === "UPSTREAM_UNAVAILABLE" && !signal.aborted)
      return read();
    throw error;
  });
  const translator = await options.translator();
  const leaf = product.category.at(-1)?.name ?? "";
  // The picture is read while the keyword searches run; only visual searches and judging wait for it.
  const picture = product.images[0]
    ? readPicture(options.fetchImage, product.images[0], signal).then(async (bytes) =>
        bytes ? { bytes, hash: await hashOrUndefined(bytes) } : undefined,
      )
    : Promise.resolve(undefined);
  const [title, leafEnglish] = await translateTitles([product.title, leaf], translator, signal);
  const view = viewOf(product.marketplace, product, title!, undefined, product.description);
  const kind = [...englishTerms(leafEnglish!, brandWords(product.brand))].at(-1);
  return {
    source: {
      marketplace: product.marketplace,
      productId: product.productId,
      title: product.title,
      url: product.url,
      price: product.price,
      imageUrl: product.images[0],
    },
    view,
    picture: picture.then((p) => {
      view.image = p?.hash;
      return p?.bytes;
    }),
    kind,
    units,
  };
}
