/**
 * Numbers as product images write them: Arabic digits with separators, Chinese numerals (two pieces, the
 * second piece), and Chinese discounts (8 zhe = 20% off, 88 zhe = 12% off). The numerals are data
 * (resources/rules/chinese-numerals.json).
 */
import numerals from "../resources/rules/chinese-numerals.json" with { type: "json" };

const CN_DIGIT: Record<string, number> = numerals.digits;
const CN_UNIT: Record<string, number> = numerals.units;

/** The characters a Chinese numeral is written with, for a character class. */
export const CN_NUMERAL_CHARACTERS = numerals.characters;
export const CN_NUMERAL = `[${CN_NUMERAL_CHARACTERS}]+`;

/** Reads a Chinese numeral (two, fifteen, three hundred); undefined when it is not one. */
export function parseChineseNumeral(text: string): number | undefined {
  if (!text) return undefined;
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const ch of text) {
    if (ch in CN_DIGIT) {
      digit = CN_DIGIT[ch];
      continue;
    }
    const unit = CN_UNIT[ch];
    if (unit === undefined) return undefined;
    if (unit === 10000) {
      total += (section + (digit ?? 0)) * unit;
      section = 0;
    } else {
      section += (digit ?? 1) * unit;
    }
    digit = undefined;
  }
  return total + section + (digit ?? 0);
}

/** A number written with Arabic digits or Chinese numerals. */
export function parseAnyNumber(text: string): number | undefined {
  const plain = text.replace(/,/g, "");
  if (/^\d+(\.\d+)?$/.test(plain)) return Number(plain);
  return parseChineseNumeral(text);
}

/** Arabic digits for a number read from Chinese numerals; digit strings are kept exactly as written. */
export function digits(text: string): string {
  if (/^[\d.,]+$/.test(text)) return text;
  const n = parseChineseNumeral(text);
  return n === undefined ? text : String(n);
}

/**
 * The percentage off for a Chinese discount (zhe): 8 -> 20, 8.5 -> 15, 88 -> 12 (two digits without a
 * point mean tenths). Undefined for values that are not a discount.
 */
export function zheToPercentOff(value: string): number | undefined {
  let n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  if (n >= 10 && n < 100 && !value.includes(".")) n /= 10;
  if (n >= 10) return undefined;
  return Math.round((10 - n) * 10 * 10) / 10;
}

/** The Chinese discount for a percentage off: 20 -> 8, 15 -> 8.5. */
export function percentOffToZhe(percent: number): string | undefined {
  if (!(percent > 0 && percent < 100)) return undefined;
  const zhe = Math.round(((100 - percent) / 10) * 100) / 100;
  return String(zhe);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function englishMonth(month: number): string | undefined {
  return MONTHS[month - 1];
}

/** 2 -> "2nd", 3 -> "3rd". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** Thousands separators for English output of computed numbers (10 wan -> 100,000). */
export function groupThousands(n: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: 2 });
}
