/** Korean as a target, read once from resources/grammar/korean.json: its words and the shapes tested. */
import data from "../resources/grammar/korean.json" with { type: "json" };

export const KOREAN_WORDS: Readonly<typeof data.ko> = data.ko;

export const KOREAN = Object.fromEntries(
  Object.entries(data.patterns).map(([name, source]) => [
    name,
    new RegExp(source, name === "doubleUse" ? "g" : ""),
  ]),
) as unknown as { [K in keyof typeof data.patterns]: RegExp };
