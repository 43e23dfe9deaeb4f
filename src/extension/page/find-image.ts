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

/** Waits for a lazy-loaded image to show its real picture (up to 10 s). */
export async function settled(img: PageImage): Promise<void> {
  if (!(img instanceof HTMLImageElement)) return;
  if (img.complete && img.naturalWidth > 0) return;
  await new Promise<void>((resolve) => {
    const done = () => resolve();
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
    setTimeout(done, 10_000);
  });
}

export function imageCandidates(img: PageImage, srcUrl: string): string[] {
  if (!(img instanceof HTMLImageElement)) return candidateUrls(shownSrc(img) || srcUrl, [], document.baseURI);
  const lazy = LAZY_ATTRIBUTES.map((a) => img.getAttribute(a))
    .filter((v): v is string => !!v)
    .map((v) => {
      try {
        return new URL(v, document.baseURI).href;
      } catch {
        return "";
      }
    });
  const shown = shownSrc(img) || srcUrl;
  const sets = [img.srcset, ...sourceSets(img)].filter(Boolean);
  const urls = candidateUrls(shown, sets, document.baseURI);
  // The menu's own URL always stays a candidate; lazy originals come before a placeholder.
  return [...new Set([...lazy.filter(Boolean), ...urls, srcUrl])].filter((u) =>
    /^(https?:|data:|blob:)/.test(u),
  );
}
