/**
 * English words to Hangul, as Korean writes a name or loanword it has no word for (GALILEO, Whisky): a
 * Korean reader can say it, while Latin letters in a Korean line leave the source on the picture. English spelling is not its sound, so this is a readable guess, never a translation; the
 * spelling-to-sound table is data (resources/transfer/en-hangul.tsv), and so are the jamo and the sounds
 * the contexts write (resources/transfer/en-hangul-syllables.json, with the examples that test them); the
 * contexts the table cannot say are here.
 */
import syllables from "../../resources/transfer/en-hangul-syllables.json" with { type: "json" };

/** The jamo, the glides and the sounds the contexts below write: data, like the spelling table. */
const J = syllables as {
  onsets: string;
  vowels: string;
  codas: string[];
  wGlide: Record<string, string>;
  yGlide: Record<string, string>;
  stopCoda: Record<string, string>;
  longVowel: Record<string, string[]>;
  sounds: Record<
    | "none"
    | "ng"
    | "l"
    | "s"
    | "kClosing"
    | "kBeforeS"
    | "softC"
    | "softG"
    | "rColoured"
    | "finalY"
    | "sonorantCodas"
    | "stopOpeners"
    | "inserted"
    | "insertedAfterPalatal"
    | "palatals"
    | "wAlone"
    | "yAlone",
    string
  >;
};
const S = J.sounds;
const NONE = S.none;
/** The vowel Korean inserts after a consonant no vowel follows (the other one after a palatal). */
const insertedVowel = (onset: string) => (S.palatals.includes(onset) ? S.insertedAfterPalatal : S.inserted);
const glideAlone = (glide: string) => (glide === "W" ? S.wAlone : S.yAlone);

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
const isVowelSound = (s: string) => J.vowels.includes(s);

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
    // A doubled consonant is said once (Arran, Aberdeen); ll is handled when the syllables are built.
    if (c === body[i - 1] && !isVowelLetter(c)) {
      i++;
      continue;
    }
    // A vowel + r before a consonant or at the end: the r is not said, er/ir/ur are r-coloured (water).
    if (c === "r" && i > 0 && isVowelLetter(body[i - 1]) && !/[aeiouy]/.test(next ?? "")) {
      if (/[eiu]/.test(body[i - 1] as string) && units.at(-1)?.vowel)
        units[units.length - 1]!.sound = S.rColoured;
      i++;
      continue;
    }
    if ((c === "c" || c === "g") && next && /[eiy]/.test(next)) {
      push(c === "c" ? S.softC : S.softG);
      i++;
      continue;
    }
    if (c === "y" && i === 0 && isVowelLetter(next)) {
      push("Y");
      i++;
      continue;
    }
    // y after a consonant at the end of a one-vowel word is "ai" (dry, fly).
    if (c === "y" && i === body.length - 1 && i > 0 && !/[aeiouy]/.test(body.slice(0, i))) {
      push(S.finalY);
      i++;
      continue;
    }
    if (silentE && i === body.length - 2 && J.longVowel[c] && !isVowelLetter(body[i - 1])) {
      push((J.longVowel[c] as string[]).join(""), "long");
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
  /** The vowel was inserted (after a lone consonant), not spelt. */
  inserted: boolean;
}

function compose(s: Syllable): string {
  const l = J.onsets.indexOf(s.onset);
  const v = J.vowels.indexOf(s.vowel);
  const t = J.codas.indexOf(s.coda);
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
  let onset = NONE;
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
      const glided = glide === "W" ? J.wGlide[u.sound] : glide === "Y" ? J.yGlide[u.sound] : u.sound;
      out.push({ onset, vowel: glided ?? u.sound, coda: "", inserted: false });
      onset = NONE;
      glide = "";
      continue;
    }
    if (u.sound === "W" || u.sound === "Y") {
      if (glide) out.push({ onset, vowel: glideAlone(glide), coda: "", inserted: true });
      if (glide) onset = NONE;
      glide = u.sound;
      if (!nextIsVowel(i - 1) && !units[i + 1]?.vowel) {
        // sh at the end (fish), a w before a consonant: the glide is a syllable of its own.
        out.push({ onset, vowel: glideAlone(u.sound), coda: "", inserted: true });
        onset = NONE;
        glide = "";
      }
      continue;
    }
    if (glide || onset !== NONE) {
      // A consonant after a consonant that took no vowel: that one gets its inserted vowel.
      out.push({ onset, vowel: insertedVowel(onset), coda: "", inserted: true });
      onset = NONE;
      glide = "";
    }
    const final = i === units.length - 1;
    const last = out.at(-1);
    // A final l closes the syllable a lone consonant made before it (apple, table).
    const open = last !== undefined && last.coda === "" && (last === prev || (u.l && final));
    if (nextIsVowel(i)) {
      // l between vowels is doubled, as Korean says it (Galileo).
      if (u.l && open && !last.inserted) last.coda = S.l;
      if (u.sound === S.ng) {
        if (open) last.coda = S.ng;
        continue;
      }
      onset = u.sound;
      continue;
    }
    if (open && S.sonorantCodas.includes(u.sound)) {
      last.coda = u.sound;
      continue;
    }
    // k before s closes the syllable (box, Oxford, taxi).
    if (open && S.kBeforeS.includes(u.sound) && units[i + 1]?.sound === S.s && !last.inserted) {
      last.coda = S.kClosing;
      continue;
    }
    const short = units[i - 1]?.vowel === true && !units[i - 1]?.long;
    if (open && final && short && J.stopCoda[u.sound] && units.length <= 4) {
      last.coda = J.stopCoda[u.sound] as string;
      continue;
    }
    // p, t, k between a short vowel and a consonant other than l, r, m, n close the syllable, as the
    // loanword rules write them (Octavia -> 옥타비아, napkin -> 냅킨; Atlas keeps 아틀라스).
    const after = units[i + 1]?.sound;
    if (open && short && J.stopCoda[u.sound] && after && !S.stopOpeners.includes(after)) {
      last.coda = J.stopCoda[u.sound] as string;
      continue;
    }
    if (u.sound === S.ng) {
      out.push({ onset: NONE, vowel: S.inserted, coda: S.ng, inserted: true });
      continue;
    }
    onset = u.sound;
  }
  if (glide) out.push({ onset, vowel: glideAlone(glide), coda: "", inserted: true });
  else if (onset !== NONE) out.push({ onset, vowel: insertedVowel(onset), coda: "", inserted: true });
  return out.length ? out.map(compose).join("") : undefined;
}
