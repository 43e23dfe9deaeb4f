/**
 * English words to Hangul, as Korean writes a name or loanword it has no word for (GALILEO -> 갈릴레오,
 * Whisky -> 위스키): a Korean reader can say it, while Latin letters in a Korean line leave the source on
 * the picture. English spelling is not its sound, so this is a readable guess, never a translation; the
 * spelling-to-sound table is data (resources/transfer/en-hangul.tsv), the contexts it cannot say are here.
 */

const ONSETS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";
const CODAS = ["", "ㄱ", "", "", "ㄴ", "", "", "ㄷ", "ㄹ", "", "", "", "", "", "", "", "ㅁ", "ㅂ", "", "ㅅ"];
const NG_CODA = 21;
/** w and y before a vowel: ㅏ -> ㅘ / ㅑ and so on; a glide before no vowel is its own syllable. */
const W_GLIDE: Record<string, string> = {
  ㅏ: "ㅘ",
  ㅐ: "ㅙ",
  ㅓ: "ㅝ",
  ㅔ: "ㅞ",
  ㅣ: "ㅟ",
  ㅗ: "ㅝ",
  ㅜ: "ㅜ",
};
const Y_GLIDE: Record<string, string> = {
  ㅏ: "ㅑ",
  ㅓ: "ㅕ",
  ㅗ: "ㅛ",
  ㅜ: "ㅠ",
  ㅔ: "ㅖ",
  ㅐ: "ㅒ",
  ㅣ: "ㅣ",
};
/** Voiceless stops that close a short syllable at a word's end (book 북, cup 컵, set 셋). */
const STOP_CODA: Record<string, string> = { ㅋ: "ㄱ", ㅍ: "ㅂ", ㅌ: "ㅅ" };
/** A vowel before one consonant and a silent final e is said long (time 타임, cake 케이크, cute 큐트). */
const LONG_VOWEL: Record<string, string[]> = { a: ["ㅔ", "ㅣ"], i: ["ㅏ", "ㅣ"], o: ["ㅗ"], u: ["Y", "ㅜ"] };

export interface EnglishHangulTable {
  spellings: Map<string, string>;
  maxLength: number;
}

export function buildEnglishHangulTable(text: string | undefined): EnglishHangulTable {
  const spellings = new Map<string, string>();
  for (const line of (text ?? "").split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [spelling, sounds = ""] = line.trimEnd().split("\t");
    if (spelling) spellings.set(spelling, sounds);
  }
  return { spellings, maxLength: Math.max(1, ...Array.from(spellings.keys(), (k) => k.length)) };
}

/** One sound; `l` when it was spelt l (only an l between vowels is doubled), `long` for a long vowel. */
type Unit = { sound: string; vowel: boolean; l: boolean; long: boolean };
const isVowelLetter = (c: string | undefined) => !!c && /[aeiou]/.test(c);
const isVowelSound = (s: string) => VOWELS.includes(s);

/** The sounds of a word, left to right: the table's longest spelling at each letter, in context. */
function sounds(word: string, table: EnglishHangulTable): Unit[] {
  const units: Unit[] = [];
  const push = (sound: string, spelt = "") => {
    const chars = Array.from(sound);
    for (const s of chars)
      units.push({
        sound: s,
        vowel: isVowelSound(s),
        l: spelt === "l",
        long: chars.length > 1 || spelt === "long",
      });
  };
  const silentE = word.length > 3 && word.endsWith("e") && !isVowelLetter(word.at(-2));
  const body = silentE ? word.slice(0, -1) : word;
  for (let i = 0; i < body.length; ) {
    const c = body[i] as string;
    // The letter after this one, a doubled consonant read as one.
    const next = body[i + 1] === c && !isVowelLetter(c) ? body[i + 2] : body[i + 1];
    // A doubled consonant is said once (Arran 아란, Aberdeen); ll is handled when the syllables are built.
    if (c === body[i - 1] && !isVowelLetter(c)) {
      i++;
      continue;
    }
    // A vowel + r before a consonant or at the end: the r is not said, er/ir/ur are ㅓ (water 워터).
    if (c === "r" && i > 0 && isVowelLetter(body[i - 1]) && !/[aeiouy]/.test(next ?? "")) {
      if (/[eiu]/.test(body[i - 1] as string) && units.at(-1)?.vowel) units[units.length - 1]!.sound = "ㅓ";
      i++;
      continue;
    }
    if ((c === "c" || c === "g") && next && /[eiy]/.test(next)) {
      push(c === "c" ? "ㅅ" : "ㅈ");
      i++;
      continue;
    }
    if (c === "y" && i === 0 && isVowelLetter(next)) {
      push("Y");
      i++;
      continue;
    }
    // y after a consonant at the end of a one-vowel word is "ai" (dry 드라이, fly 플라이).
    if (c === "y" && i === body.length - 1 && i > 0 && !/[aeiouy]/.test(body.slice(0, i))) {
      push("ㅏㅣ");
      i++;
      continue;
    }
    if (silentE && i === body.length - 2 && LONG_VOWEL[c] && !isVowelLetter(body[i - 1])) {
      push((LONG_VOWEL[c] as string[]).join(""), "long");
      i++;
      continue;
    }
    let matched = false;
    for (let len = Math.min(table.maxLength, body.length - i); len >= 1; len--) {
      const sound = table.spellings.get(body.slice(i, i + len));
      if (sound === undefined) continue;
      push(sound, body.slice(i, i + len));
      i += len;
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  return units;
}

interface Syllable {
  onset: string;
  vowel: string;
  coda: string;
  /** The vowel was inserted (ㅡ after a lone consonant), not spelt. */
  inserted: boolean;
}

function compose(s: Syllable): string {
  const l = ONSETS.indexOf(s.onset);
  const v = VOWELS.indexOf(s.vowel);
  const t = s.coda === "ㅇ" ? NG_CODA : CODAS.indexOf(s.coda);
  return String.fromCodePoint(0xac00 + (l * 21 + v) * 28 + Math.max(0, t));
}

/** An English word written in Hangul, or undefined when it has no letters the table knows. */
export function englishToHangul(input: string, table: EnglishHangulTable): string | undefined {
  const word = input
    .toLowerCase()
    .replace(/['’]s$/, "s")
    .replace(/[^a-z]/g, "");
  if (!word) return undefined;
  const units = sounds(word, table);
  const out: Syllable[] = [];
  let onset = "ㅇ";
  let glide = "";
  const nextIsVowel = (i: number) => {
    let j = i + 1;
    while (units[j]?.sound === "W" || units[j]?.sound === "Y") j++;
    return units[j]?.vowel === true;
  };
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as Unit;
    const prev = out.at(-1);
    if (u.vowel) {
      const glided = glide === "W" ? W_GLIDE[u.sound] : glide === "Y" ? Y_GLIDE[u.sound] : u.sound;
      out.push({ onset, vowel: glided ?? u.sound, coda: "", inserted: false });
      onset = "ㅇ";
      glide = "";
      continue;
    }
    if (u.sound === "W" || u.sound === "Y") {
      if (glide) out.push({ onset, vowel: glide === "W" ? "ㅜ" : "ㅣ", coda: "", inserted: true });
      if (glide) onset = "ㅇ";
      glide = u.sound;
      if (!nextIsVowel(i - 1) && !units[i + 1]?.vowel) {
        // sh at the end (fish 피시), a w before a consonant: the glide is a syllable of its own.
        out.push({ onset, vowel: u.sound === "W" ? "ㅜ" : "ㅣ", coda: "", inserted: true });
        onset = "ㅇ";
        glide = "";
      }
      continue;
    }
    if (glide || onset !== "ㅇ") {
      // A consonant after a consonant that took no vowel: that one gets its ㅡ (or ㅣ after ㅊ ㅈ).
      out.push({ onset, vowel: /[ㅊㅈ]/.test(onset) ? "ㅣ" : "ㅡ", coda: "", inserted: true });
      onset = "ㅇ";
      glide = "";
    }
    const final = i === units.length - 1;
    const last = out.at(-1);
    // A final l closes the syllable a lone consonant made before it (apple 애플, table 테이블).
    const open = last !== undefined && last.coda === "" && (last === prev || (u.l && final));
    if (nextIsVowel(i)) {
      // l between vowels is doubled, as Korean says it (Galileo 갈릴레오).
      if (u.l && open && !last.inserted) last.coda = "ㄹ";
      if (u.sound === "ㅇ") {
        if (open) last.coda = "ㅇ";
        continue;
      }
      onset = u.sound;
      continue;
    }
    if (open && /[ㄴㅁㄹㅇ]/.test(u.sound)) {
      last.coda = u.sound;
      continue;
    }
    // k before s closes the syllable (box 박스, Oxford 옥스퍼드, taxi 택시).
    if (open && /[ㄱㅋ]/.test(u.sound) && units[i + 1]?.sound === "ㅅ" && !last.inserted) {
      last.coda = "ㄱ";
      continue;
    }
    const short = units[i - 1]?.vowel === true && !units[i - 1]?.long;
    if (open && final && short && STOP_CODA[u.sound] && units.length <= 4) {
      last.coda = STOP_CODA[u.sound] as string;
      continue;
    }
    if (u.sound === "ㅇ") {
      out.push({ onset: "ㅇ", vowel: "ㅡ", coda: "ㅇ", inserted: true });
      continue;
    }
    onset = u.sound;
  }
  if (glide) out.push({ onset, vowel: glide === "W" ? "ㅜ" : "ㅣ", coda: "", inserted: true });
  else if (onset !== "ㅇ")
    out.push({ onset, vowel: /[ㅊㅈ]/.test(onset) ? "ㅣ" : "ㅡ", coda: "", inserted: true });
  return out.length ? out.map(compose).join("") : undefined;
}
