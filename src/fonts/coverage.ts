/**
 * Glyph coverage read from a font's cmap: per script (the spec's glyphCoverage) and per target language
 * (fontsByLanguage). A script counts as covered when the font maps nearly all of a sample of its common
 * characters; a language also needs its own letters (ß, ư, ñ ...).
 */
import type { Script } from "../contract/image-translate.ts";

export interface CharMap {
  /** Whether the font maps the character to a real glyph. */
  has(char: string): boolean;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Common simplified Chinese characters (frequency order). */
const HAN_SIMPLIFIED =
  "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校";
/** Common traditional Chinese characters. */
const HAN_TRADITIONAL =
  "的一是不了人我在有他這中大來上國個到說們為子和你地出道也時年得就那要下以生會自著去之過家學對可她裡後小麼心多天而能好都然沒日於起還發成事只作當想看文無開手十用主行方又如前所本見經頭面公同三已老從動兩長知民樣現分將外但身些與高意進把法此實回二理美點月明其種聲全工己話兒者向情部正名定女問力機給等幾很業最間新什打便位因重被走電四第門相次東政海口使教西再平真聽世氣信北少關並內加化由卻代軍產入先山五太水萬市眼體別處總才場師書比住員九笑性通目華報立馬命張活難神數件安表原車白應路期叫死常提感金何更反合放做係計或司利受光王果親界及今京務制解各任至清物臺象記邊共風戰乾接它許八特覺望直服毛林題建南度統色字請交愛讓認算論百吃義科怎元社術結六功指思非流每青管夫連遠資隊跟帶花快條院變聯言權往展該領傳近留紅治決周保達辦運武半候七必城父強步完革深區即求品士轉量空甚眾技輕程告江語英基派滿式李息寫呢識極令黃德收臉錢黨倒未持取設始版雙歷越史商千片容研像找友孩站廣改議形委早房音火際則首單據導影失拿網香似斯專石若兵弟誰校";
/** Frequent Hangul syllables. */
const HANGUL =
  "가각간갈감갑강개거건걸검것게겨격견결경계고곡골공과관광교구국군권귀규그극근글금급기긴길김까께꼭꽃끝나날남내너널네녀년노논놓누느는늘능니다단달담당대더던데도독돌동되된될두드든들등디따때떻또뜻라란람랑래러런렇레려력련렬령례로록론롭료루류르른를름리린립마만많말망매머먹면명몇모목몸못무문물미민및바박반받발밤방배백번법베변별병보복본부북분불비빠사산살삼상새생서석선설성세소속손수순술쉬스습시식신실심십아안않알았암압앞애야약양어억언얼없었에여역연열영예오온올와완왕외요용우운울원월위유육으은을음응의이인일임입있자작잔잘장재저적전절점정제조족존종좋주죽준중즈즉지직진질집짓차참창책처천철청체초최추출충취치친칙칠카커코크키타태터토통투트특파판편평포표품프피하학한할함합해했행향허현형호화확환활황회효후훨휴흐흔희히";
/** Basic hiragana and katakana. */
const KANA = [...range(0x3041, 0x3093), ...range(0x30a1, 0x30f3), "ー"].join("");
const LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const CYRILLIC = [...range(0x410, 0x44f), "Ё", "ё"].join("");
const HEBREW = range(0x5d0, 0x5ea).join("");
const ARABIC = range(0x621, 0x64a).join("");

export const SCRIPT_SAMPLES: Readonly<Record<Script, string>> = {
  latin: LATIN,
  hangul: HANGUL,
  kana: KANA,
  han: HAN_SIMPLIFIED,
  cyrillic: CYRILLIC,
  hebrew: HEBREW,
  arabic: ARABIC,
};

/** Letters a language needs beyond its script's basic sample. */
const LANGUAGE_EXTRAS: Readonly<Record<string, string>> = {
  fr: "éèêëàâçîïôûùüÿœæÉÈÀÇ",
  de: "äöüßÄÖÜ",
  es: "ñáéíóúü¿¡Ñ",
  pt: "ãõáâàçéêíóôúÃÕÇ",
  it: "àèéìòùÀÈ",
  vi: "ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹĐ",
};

/** Share of a sample a font must map. */
const SUFFICIENT = 0.98;

export function sampleCoverage(map: CharMap, sample: string): number {
  const chars = [...sample];
  return chars.filter((c) => map.has(c)).length / chars.length;
}

export function scriptCoverage(map: CharMap): Record<Script, boolean> {
  const out = {} as Record<Script, boolean>;
  for (const [script, sample] of Object.entries(SCRIPT_SAMPLES) as [Script, string][]) {
    out[script] = sampleCoverage(map, sample) >= SUFFICIENT;
  }
  // Han counts for either written standard: a traditional-only font still serves zh-TW.
  if (!out.han) out.han = sampleCoverage(map, HAN_TRADITIONAL) >= SUFFICIENT;
  return out;
}

/** Whether a font can set a target language's text by itself. */
export function coversLanguage(map: CharMap, target: string, script: Script): boolean {
  const sample = target === "zh-TW" ? HAN_TRADITIONAL : SCRIPT_SAMPLES[script];
  if (sampleCoverage(map, sample) < SUFFICIENT) return false;
  const extra = LANGUAGE_EXTRAS[target];
  return extra === undefined || sampleCoverage(map, extra) >= SUFFICIENT;
}
