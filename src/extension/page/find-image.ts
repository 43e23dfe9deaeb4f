/** Finds the page image a menu's srcUrl names, and the URLs that hold its best pixels. */
import { candidateUrls } from "../image-source.ts";

const LAZY_ATTRIBUTES = ["data-src", "data-original", "data-lazy-src", "data-ks-lazyload", "data-lazy"];

/** A page picture: an <img>, or an element painted with a CSS background image (banners). */
export type PageImage = HTMLImageElement | HTMLElement;

/** The first `url(…)` of an element's computed background-image, absolute; undefined when none. */
export function backgroundUrl(el: Element): string | undefined {
  const value = getComputedStyle(el).backgroundImage;
  const m = value?.match(/url\(\s*(['"]?)(.*?)\1\s*\)/);
  if (!m?.[2]) return undefined;
  try {
    return new URL(m[2], document.baseURI).href;
  } catch {
    return undefined;
  }
}

/** The element under the pointer, or its nearest ancestor, that paints a background image. */
export function backgroundUnder(el: Element | undefined): HTMLElement | undefined {
  for (let at = el, depth = 0; at && depth < 8; at = at.parentElement ?? undefined, depth++)
    if (at instanceof HTMLElement && backgroundUrl(at)) return at;
  return undefined;
}

export function shownSrc(el: PageImage): string {
  if (el instanceof HTMLImageElement) return el.currentSrc || el.src;
  return backgroundUrl(el) ?? "";
}

function matches(img: HTMLImageElement, srcUrl: string): boolean {
  if (shownSrc(img) === srcUrl || img.src === srcUrl) return true;
  const sets = [img.srcset, ...sourceSets(img)].join(",");
  return sets.includes(srcUrl);
}

function sourceSets(img: HTMLImageElement): string[] {
  const picture = img.parentElement?.tagName === "PICTURE" ? img.parentElement : undefined;
  if (!picture) return [];
  return Array.from(picture.querySelectorAll("source"), (s) => s.srcset).filter(Boolean);
}

/**
 * The right-clicked image when it shows `srcUrl`, else the largest visible image that does, else the
 * background image under the pointer that does.
 */
export function findImage(srcUrl: string, lastRightClicked: Element | undefined): PageImage | undefined {
  if (lastRightClicked instanceof HTMLImageElement && matches(lastRightClicked, srcUrl))
    return lastRightClicked;
  const background = backgroundUnder(lastRightClicked);
  if (background && backgroundUrl(background) === srcUrl) return background;
  const all = Array.from(document.images).filter((img) => matches(img, srcUrl));
  const area = (img: HTMLImageElement) => {
    const r = img.getBoundingClientRect();
    return r.width * r.height;
  };
  return all.sort((a, b) => area(b) - area(a))[0];
}

/** A lazy loader's stand-in: a few pixels stretched over a much larger box until the real picture comes. */
function isPlaceholder(img: HTMLImageElement): boolean {
  const r = img.getBoundingClientRect();
  // A broken image (nothing decoded) is no placeholder: there is nothing to wait for.
  const tiny = img.naturalWidth > 0 && img.naturalWidth <= 16 && img.naturalHeight <= 16;
  return (
    tiny && (r.width >= 4 * Math.max(1, img.naturalWidth) || r.height >= 4 * Math.max(1, img.naturalHeight))
  );
}

function lazyUrls(img: HTMLImageElement): string[] {
  return LAZY_ATTRIBUTES.map((a) => img.getAttribute(a))
    .filter((v): v is string => !!v)
    .map((v) => {
      try {
        return new URL(v, document.baseURI).href;
      } catch {
        return "";
      }
    })
    .filter(Boolean);
}

/**
 * Waits (up to 10 s) for an image still loading, or for a lazy loader to replace its placeholder with the
 * real picture. Not when the real picture's URL is already known (a lazy-load attribute, fetched
 * directly), nor for a native `loading="lazy"` image the browser defers (its `src` is fetched directly).
 */
export async function settled(page: PageImage, timeoutMs = 10_000): Promise<void> {
  if (!(page instanceof HTMLImageElement)) return;
  const img = page;
  const loading = !img.complete && img.loading !== "lazy";
  if (!loading && !(img.complete && isPlaceholder(img))) return;
  if (lazyUrls(img).some((u) => u !== img.src)) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, timeoutMs);
    function finish() {
      clearTimeout(timer);
      img.removeEventListener("load", onLoad);
      img.removeEventListener("error", finish);
      resolve();
    }
    function onLoad() {
      if (!isPlaceholder(img)) finish();
    }
    img.addEventListener("load", onLoad);
    img.addEventListener("error", finish);
  });
}

export function imageCandidates(img: PageImage, srcUrl: string): string[] {
  if (!(img instanceof HTMLImageElement)) return candidateUrls(shownSrc(img) || srcUrl, [], document.baseURI);
  const lazy = lazyUrls(img);
  const shown = shownSrc(img) || srcUrl;
  const sets = [img.srcset, ...sourceSets(img)].filter(Boolean);
  const urls = candidateUrls(shown, sets, document.baseURI);
  // The menu's own URL always stays a candidate; lazy originals come before a placeholder.
  return [...new Set([...lazy.filter(Boolean), ...urls, srcUrl])].filter((u) =>
    /^(https?:|data:|blob:)/.test(u),
  );
}
