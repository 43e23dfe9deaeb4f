/**
 * npm run --silent engine -- ocr --source <lang> --in <image>
 *   prints the OCR `data` object as JSON.
 * npm run --silent engine -- translate --source <lang> --target <lang> --in <image> --out <image.jpg>
 *   [--json <regions.json>] [--font <name>] [--weight <w>] [--user-font <file.ttf>]
 *   writes the rendered JPEG, and with --json the render=false `data` (regions and the erased image).
 *
 * Exit codes: 0 done, 2 bad arguments, 3 a GatewayError (its code and message on stderr).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isGatewayError } from "../src/contract/errors.ts";
import { FontWeightSchema, SourceLanguageSchema } from "../src/contract/image-translate.ts";
import { createNodeEngine } from "../src/engine/node/create-node-engine.ts";
import { createDictionaryTranslator, PRODUCT_PHRASES } from "../src/engine/testing/dictionary-translator.ts";
import type { Translator } from "../src/translate/port.ts";

const usage = `usage:
  engine ocr --source <lang> --in <image>
  engine translate --source <lang> --target <lang> --in <image> --out <image.jpg> [--json <regions.json>] [--font <name>] [--weight <w>] [--user-font <file>]`;

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** The offline embedded translator when its data is present, else the small phrase dictionary. */
async function defaultTranslator(): Promise<Translator> {
  try {
    const { createEmbeddedTranslator } = await import("../src/translate/embedded/embedded-translator.ts");
    const { loadEmbeddedDataFromDisk } = await import("../src/translate/node/load-embedded-data.ts");
    return createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
  } catch (error) {
    process.stderr.write(
      `engine: embedded translator unavailable (${String(error)}); using the phrase dictionary\n`,
    );
    return createDictionaryTranslator({ byTarget: PRODUCT_PHRASES });
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== "ocr" && command !== "translate") fail(usage);
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: rest,
      options: {
        source: { type: "string" },
        target: { type: "string" },
        in: { type: "string" },
        out: { type: "string" },
        json: { type: "string" },
        font: { type: "string" },
        weight: { type: "string" },
        "user-font": { type: "string" },
      },
      strict: true,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    fail(`${String((error as Error).message)}\n${usage}`);
  }
  const source = SourceLanguageSchema.safeParse(values.source);
  if (!source.success) fail(`--source must be one of ${SourceLanguageSchema.options.join(", ")}`);
  if (!values.in) fail(`--in is required\n${usage}`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(values.in));
  } catch (error) {
    fail(`cannot read ${values.in}: ${String((error as Error).message)}`);
  }
  const engine = createNodeEngine();
  try {
    if (command === "ocr") {
      const data = await engine.ocr(bytes, { sourceLanguage: source.data });
      process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      return;
    }
    if (!values.target || !values.out) fail(`translate needs --target and --out\n${usage}`);
    const weight = FontWeightSchema.safeParse(values.weight ?? "ExtraBold");
    if (!weight.success) fail(`--weight must be one of ${FontWeightSchema.options.join(", ")}`);
    const userFont = values["user-font"]
      ? {
          ref: values.font?.startsWith("user/") ? values.font : "user/cli",
          bytes: new Uint8Array(readFileSync(values["user-font"])),
        }
      : undefined;
    const common = {
      sourceLanguage: source.data,
      targetLanguage: values.target,
      translator: await defaultTranslator(),
      font: userFont?.ref ?? values.font ?? "Pretendard",
      fontWeight: weight.data,
      userFont,
    };
    const rendered = await engine.translate(bytes, {
      ...common,
      render: true,
      includeData: Boolean(values.json),
    });
    if (rendered.kind !== "image") throw new Error("expected an image");
    writeFileSync(values.out, rendered.image);
    if (values.json) writeFileSync(values.json, `${JSON.stringify(rendered.data, null, 2)}\n`);
    process.stderr.write(`engine: ${rendered.regionsCount} regions replaced -> ${values.out}\n`);
  } catch (error) {
    if (isGatewayError(error)) fail(`${error.code}: ${error.message}`, 3);
    throw error;
  } finally {
    await engine.dispose();
  }
}

await main();
