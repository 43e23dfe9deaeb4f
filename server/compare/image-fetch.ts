/**
 * Reading product pictures for matching. A perceptual hash needs 32×32 pixels, so the matcher asks each
 * marketplace's image CDN for a small copy, in the CDN's own resizing convention, instead of the full
 * picture (a tenth of the bytes and the decoding).
 */

const THUMB = 240;

/** The URL of a small copy of a product picture, where the host is known to resize on request. */
export function thumbnailUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const host = parsed.hostname;
  if (host.endsWith("cdn.shopify.com")) {
    parsed.searchParams.set("width", String(THUMB));
    return parsed.toString();
  }
  if (host.endsWith("alicdn.com") && /\.(jpe?g|png|webp)$/i.test(parsed.pathname)) {
    return `${parsed.origin}${parsed.pathname}_${THUMB}x${THUMB}.jpg`;
  }
  if (host.endsWith("media-amazon.com")) {
    parsed.pathname = parsed.pathname.replace(/(\.[^./]+)$/, `._SL${THUMB}_$1`);
    return parsed.toString();
  }
  if (host.endsWith("ebayimg.com")) {
    parsed.pathname = parsed.pathname.replace(/s-l\d+/, "s-l225");
    return parsed.toString();
  }
  if (host.endsWith("walmartimages.com")) {
    parsed.searchParams.set("odnWidth", String(THUMB));
    parsed.searchParams.set("odnHeight", String(THUMB));
    return parsed.toString();
  }
  // The embedded sandbox's pictures (/img/<product>/<n>.jpg) take ?w=, as Shopify's take width=.
  if (/^\/img\/\d+\/\d+\.jpg$/.test(parsed.pathname)) {
    parsed.searchParams.set("w", String(THUMB));
    return parsed.toString();
  }
  return url;
}

const MAX_BYTES = 8 * 1024 * 1024;

/**
 * Fetches a picture's bytes over http(s), refusing anything that is not an image or is larger than 8 MB.
 * The URLs come from the marketplaces' own answers.
 */
export async function fetchImageBytes(
  url: string,
  signal: AbortSignal,
  fetchFn: typeof fetch = fetch,
): Promise<Uint8Array> {
  const target = thumbnailUrl(url);
  if (!/^https?:\/\//i.test(target)) throw new Error("not an http(s) picture");
  const res = await fetchFn(target, { signal, redirect: "follow" });
  if (!res.ok) throw new Error(`picture answered ${res.status}`);
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("image/")) throw new Error(`not a picture (${type})`);
  if (Number(res.headers.get("content-length") ?? 0) > MAX_BYTES) throw new Error("picture too large");
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_BYTES) throw new Error("picture too large");
  return bytes;
}
