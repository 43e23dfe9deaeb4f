/**
 * Where an image's best pixels are: the largest `srcset` / `<picture>` candidate, and the marketplace's
 * full-size original instead of a thumbnail (alicdn `…jpg_360x360q90.jpg_.webp`, Rakuten `?_ex=128x128`,
 * Amazon `…._AC_SX300_.jpg`). Pure functions, used by the content script and tested in Node.
 */

export interface SrcsetCandidate {
  url: string;
  /** Width descriptor (w), or density (x) times 10 000 so that any w outranks a density. */
  rank: number;
}

export function parseSrcset(srcset: string, base: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  // Candidates are separated by commas that follow whitespace-free URLs; URLs may contain commas, so split
  // on ", " boundaries followed by a URL start.
  for (const part of srcset.split(/,\s+(?=\S)/)) {
    const [url, descriptor] = part.trim().split(/\s+/, 2);
    if (!url) continue;
    let rank = 1;
    if (descriptor?.endsWith("w")) rank = Number.parseFloat(descriptor) || 1;
    else if (descriptor?.endsWith("x")) rank = (Number.parseFloat(descriptor) || 1) / 10_000;
    try {
      out.push({ url: new URL(url.replace(/,$/, ""), base).href, rank });
    } catch {
      // an unparsable candidate is skipped
    }
  }
  return out.sort((a, b) => b.rank - a.rank);
}

/** Rewrites known marketplace thumbnail URLs to their full-size original; undefined when not one. */
export function fullSizeUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const path = parsed.pathname;
  // alicdn (Taobao, Tmall, 1688, AliExpress): x.jpg_360x360q90.jpg_.webp, x.jpg_q50.jpg, x.png_220x220.png
  const ali = path.match(
    /^(.*?\.(?:jpe?g|png|webp|gif))_(?:\d+x\d+|q\d+|\d+x\d+q\d+|\d+x\d+xz(?:q\d+)?|[a-z0-9]+)\.(?:jpe?g|png|webp)(?:_\.webp)?$/i,
  );
  if (ali) {
    parsed.pathname = ali[1]!;
    return parsed.href;
  }
  // Amazon: x._AC_SX300_SY300_.jpg or x._SL500_.jpg
  const amazon = path.match(/^(.*?)\._[A-Z0-9_,]+_\.(jpe?g|png|webp|gif)$/);
  if (amazon) {
    parsed.pathname = `${amazon[1]}.${amazon[2]}`;
    return parsed.href;
  }
  // Rakuten thumbnail service: ?_ex=128x128
  if (parsed.searchParams.has("_ex")) {
    parsed.searchParams.delete("_ex");
    return parsed.href;
  }
  return undefined;
}

/**
 * Candidate URLs in the order to try: full-size originals of the best sources first, then the sources
 * themselves. `shown` is what the element shows (currentSrc or the menu's srcUrl).
 */
export function candidateUrls(shown: string, srcsets: string[], base: string): string[] {
  const sources = [...srcsets.flatMap((s) => parseSrcset(s, base)).sort((a, b) => b.rank - a.rank)].map(
    (c) => c.url,
  );
  const ordered = [...sources, shown];
  const out: string[] = [];
  for (const url of ordered) {
    const full = fullSizeUrl(url);
    if (full) out.push(full);
  }
  out.push(...ordered);
  return [...new Set(out)].filter((u) => /^(https?:|data:|blob:)/.test(u));
}
