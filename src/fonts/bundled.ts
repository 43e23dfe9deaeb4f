/** The bundled font families, the weights each ships, and the asset key of every file. */
import type { BundledFont, DetectedWeight, FontWeight } from "../contract/image-translate.ts";

/** CSS numeric weights of the spec's weight names. */
export const WEIGHT_VALUES: Readonly<Record<Exclude<FontWeight, "auto">, number>> = {
  Thin: 100,
  Light: 300,
  Regular: 400,
  Medium: 500,
  SemiBold: 600,
  Bold: 700,
  ExtraBold: 800,
  Black: 900,
};

/** What `font_weight=auto` draws for each detected class. */
export const DETECTED_WEIGHT_VALUES: Readonly<Record<DetectedWeight, number>> = {
  Thin: 200,
  Regular: 400,
  Bold: 700,
};

export interface BundledFamily {
  name: BundledFont;
  /** Numeric weight to asset key. */
  files: ReadonlyMap<number, string>;
}

function family(name: BundledFont, entries: Array<[number, string]>): BundledFamily {
  return { name, files: new Map(entries.map(([w, file]) => [w, `fonts/${file}`])) };
}

export const BUNDLED_FAMILIES: Readonly<Record<BundledFont, BundledFamily>> = {
  Pretendard: family("Pretendard", [
    [100, "Pretendard-Thin.otf"],
    [200, "Pretendard-ExtraLight.otf"],
    [300, "Pretendard-Light.otf"],
    [400, "Pretendard-Regular.otf"],
    [500, "Pretendard-Medium.otf"],
    [600, "Pretendard-SemiBold.otf"],
    [700, "Pretendard-Bold.otf"],
    [800, "Pretendard-ExtraBold.otf"],
    [900, "Pretendard-Black.otf"],
  ]),
  // BM Hanna Pro is a single display weight.
  BMHANNAPro: family("BMHANNAPro", [[400, "BMHANNAPro.ttf"]]),
  NotoSansKR: family("NotoSansKR", [
    [100, "NotoSansKR-Thin.otf"],
    [300, "NotoSansKR-Light.otf"],
    [350, "NotoSansKR-DemiLight.otf"],
    [400, "NotoSansKR-Regular.otf"],
    [500, "NotoSansKR-Medium.otf"],
    [700, "NotoSansKR-Bold.otf"],
    [900, "NotoSansKR-Black.otf"],
  ]),
  NotoSansSC: family("NotoSansSC", [
    [300, "NotoSansSC-Light.otf"],
    [350, "NotoSansSC-DemiLight.otf"],
    [400, "NotoSansSC-Regular.otf"],
    [500, "NotoSansSC-Medium.otf"],
    [700, "NotoSansSC-Bold.otf"],
  ]),
};

/** The file of a family closest to a weight; ties go heavier above 500 and lighter below (as CSS does). */
export function nearestWeight(available: Iterable<number>, target: number): number {
  let best = -1;
  let bestDist = Number.POSITIVE_INFINITY;
  for (const w of available) {
    const d = Math.abs(w - target);
    const tieBreak = d === bestDist && (target >= 500 ? w > best : w < best);
    if (d < bestDist || tieBreak) {
      best = w;
      bestDist = d;
    }
  }
  return best;
}

export function isBundledFont(name: string): name is BundledFont {
  return Object.hasOwn(BUNDLED_FAMILIES, name);
}
