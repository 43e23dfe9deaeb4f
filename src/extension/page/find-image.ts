/** Finds the page image a menu's srcUrl names, and the URLs that hold its best pixels. */
import { candidateUrls } from "../image-source.ts";

const LAZY_ATTRIBUTES = ["data-src", "data-original", "data-lazy-src", "data-ks-lazyload", "data-lazy"];

export function shownSrc(img: HTMLImageElement): string {
  return img.currentSrc || img.src;
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

/** The right-clicked image when it shows `srcUrl`, else the largest visible image that does. */
export function findImage(
  srcUrl: string,
  lastRightClicked: Element | undefined,
): HTMLImageElement | undefined {
  if (lastRightClicked instanceof HTMLImageElement && matches(lastRightClicked, srcUrl))
    return lastRightClicked;
  const all = Array.from(document.images).filter((img) => matches(img, srcUrl));
  const area = (img: HTMLImageElement) => {
    const r = img.getBoundingClientRect();
    return r.width * r.height;
  };
  return all.sort((a, b) => area(b) - area(a))[0];
}

/** Waits for a lazy-loaded image to show its real picture (up to 10 s). */
export async function settled(img: HTMLImageElement): Promise<void> {
  if (img.complete && img.naturalWidth > 0) return;
  await new Promise<void>((resolve) => {
    const done = () => resolve();
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
    setTimeout(done, 10_000);
  });
}

export function imageCandidates(img: HTMLImageElement, srcUrl: string): string[] {
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
