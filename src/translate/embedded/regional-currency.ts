/**
 * 元 is the yuan on the mainland, but a price written in traditional characters is a Taiwan shop's (a
 * Hong Kong one when the text names Hong Kong): 特價 199元 is NT$199. The rules and rows write the yuan;
 * this renames the currency of every amount in a translation of traditional text.
 */
import type { OutLang } from "./lexicon.ts";

// An amount before the currency word: 199위안, 1,280위안, 10만위안 (never 탕위안 or 위안퉁).
const KO_YUAN = /(?<=[\d십백천만억]\s?)위안/g;
const EN_AMOUNT = /(\d[\d,.]*) yuan\b/g;

export function regionalCurrency(output: string, lang: OutLang, source: string): string {
  const hongKong = source.includes("港");
  if (lang === "ko") return output.replace(KO_YUAN, hongKong ? "홍콩달러" : "대만달러");
  if (lang === "en") {
    const symbol = hongKong ? "HK$" : "NT$";
    // "199 yuan" becomes "NT$199": the symbol goes in front of the amount.
    return output.replace(EN_AMOUNT, (_, amount: string) => symbol + amount).replace(/¥(?=\d)/g, symbol);
  }
  return output;
}
