/**
 * What a listing's own words say about the product it sells, read the same way in English, Chinese and
 * Japanese: its model number, its GTIN (EAN-13, UPC-A, JAN), how many units one listing holds, and its
 * colour. Everything else of a title is compared as normalised terms (title-terms.ts).
 */

export interface ListingFacts {
  /** Model numbers as written without separators, upper case ("TN7514"). */
  models: string[];
  gtins: string[];
  /** Units one listing holds; 1 when it names no multipack. */
  packSize: number;
  /** Colour names in English ("black"), from the title's own words or their translation. */
  colors: string[];
}

const MODEL = /(?<![A-Za-z0-9])([A-Z]{1,4})[- ]?(\d{3,6}[A-Z]?)(?![A-Za-z0-9])/g;
const GTIN = /(?<!\d)(\d{12,14})(?!\d)/g;

export function modelNumbers(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(MODEL)) found.add(`${m[1]}${m[2]}`.toUpperCase());
  return [...found];
}

/** GTIN-12/13/14 numbers whose check digit is right (an order number or a price is not one). */
export function gtins(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(GTIN)) {
    const digits = m[1]!;
    if (validGtin(digits)) found.add(digits.padStart(14, "0"));
  }
  return [...found];
}

export function validGtin(digits: string): boolean {
  if (!/^\d{8,14}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

const PACK_PATTERNS: RegExp[] = [
  /pack of (\d{1,3})/i,
  /(\d{1,3})[- ]?(?:pack|pk|count|ct|pcs|pieces)\b/i,
  /set of (\d{1,3})/i,
  /(\d{1,3})\s*(?:件装|个装|只装|支装|条装|包装|双装|件套|个套装)/,
  /(\d{1,3})\s*(?:個|本|枚|足|点|袋|箱)?(?:セット|パック|入り?)/,
];

/** Units in one listing: "(Pack of 2)", "3-Pack", "2件装", "2個セット"; 1 when none is named. */
export function packSize(text: string): number {
  for (const pattern of PACK_PATTERNS) {
    const m = pattern.exec(text);
    const n = m ? Number(m[1]) : Number.NaN;
    if (Number.isInteger(n) && n >= 2 && n <= 500) return n;
  }
  return 1;
}

/** Colour words, each language's own mapped to one English name. */
const COLOR_WORDS: Record<string, string> = {
  black: "black",
  white: "white",
  red: "red",
  blue: "blue",
  navy: "blue",
  green: "green",
  pink: "pink",
  gray: "gray",
  grey: "gray",
  beige: "beige",
  brown: "brown",
  purple: "purple",
  yellow: "yellow",
  orange: "orange",
  silver: "silver",
  gold: "gold",
  黑色: "black",
  白色: "white",
  红色: "red",
  蓝色: "blue",
  绿色: "green",
  粉色: "pink",
  灰色: "gray",
  米色: "beige",
  棕色: "brown",
  紫色: "purple",
  黄色: "yellow",
  橙色: "orange",
  银色: "silver",
  金色: "gold",
  ブラック: "black",
  ホワイト: "white",
  レッド: "red",
  ブルー: "blue",
  ネイビー: "blue",
  グリーン: "green",
  ピンク: "pink",
  グレー: "gray",
  ベージュ: "beige",
  ブラウン: "brown",
  パープル: "purple",
  イエロー: "yellow",
  オレンジ: "orange",
  シルバー: "silver",
  ゴールド: "gold",
};

export function colors(text: string): string[] {
  const found = new Set<string>();
  const lower = text.toLowerCase();
  for (const [word, name] of Object.entries(COLOR_WORDS)) {
    if (/^[a-z]+$/.test(word) ? new RegExp(`\\b${word}\\b`).test(lower) : text.includes(word))
      found.add(name);
  }
  return [...found];
}

/** The colour words, so titles can be compared without them (a colour is a variant, not another product). */
export function isColorWord(word: string): boolean {
  return word.toLowerCase() in COLOR_WORDS;
}

export function listingFacts(title: string, description = ""): ListingFacts {
  const text = `${title}\n${description}`;
  return { models: modelNumbers(text), gtins: gtins(text), packSize: packSize(title), colors: colors(title) };
}
