/**
 * The command line is a fixed contract that outside checks rely on:
 *   npm run --silent engine -- ocr --source <lang> --in <image>          (OCR data as JSON on stdout)
 *   npm run --silent engine -- translate --source --target --in --out [--json] [--font] [--weight]
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OcrDataSchema, TranslateDataSchema } from "../../src/contract/image-translate.ts";
import { ENGINE_NODE_FLAGS } from "../../src/engine/node/heap-settings.ts";
import { NodeAssetLoader, REPO_ROOT } from "../../src/engine/node/node-assets.ts";
import { FontLibrary } from "../../src/fonts/font-library.ts";
import { drawImage } from "./support/images.ts";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "engine-cli-"));
const input = join(dir, "in.png");

beforeAll(async () => {
  const face = await new FontLibrary(new NodeAssetLoader()).bundled("NotoSansSC", 700);
  writeFileSync(input, await drawImage(420, 200, [{ text: "全场包邮", x: 40, y: 120, size: 56, face }]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function engineCli(...args: string[]) {
  return run("npm", ["run", "--silent", "engine", "--", ...args], { cwd: REPO_ROOT, maxBuffer: 1 << 24 });
}

describe("engine command line", () => {
  it("runs with the engine's heap settings, as the server's engine threads do", () => {
    const scripts = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).scripts;
    for (const flag of ENGINE_NODE_FLAGS) expect(scripts.engine.split(" ")).toContain(flag);
  });

  it("ocr prints the OCR data object as JSON", async () => {
    const { stdout } = await engineCli("ocr", "--source", "zh", "--in", input);
    const data = OcrDataSchema.parse(JSON.parse(stdout));
    expect(data).toMatchObject({ src_w: 420, src_h: 200, regions_found: 1 });
    expect(data.regions[0]!.text).toBe("全场包邮");
  });

  it("translate writes the JPEG and the render=false data", async () => {
    const out = join(dir, "out.jpg");
    const json = join(dir, "regions.json");
    await engineCli(
      "translate",
      "--source",
      "zh",
      "--target",
      "en",
      "--in",
      input,
      "--out",
      out,
      "--json",
      json,
      "--font",
      "Pretendard",
      "--weight",
      "Bold",
    );
    const jpeg = readFileSync(out);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    const data = TranslateDataSchema.parse(JSON.parse(readFileSync(json, "utf8")));
    expect(data.regions[0]).toMatchObject({ text: "全场包邮" });
    expect(data.regions[0]!.text_kr).not.toBe("全场包邮");
  });

  it("fails with the error code and a non-zero status on bad input", async () => {
    const bad = join(dir, "bad.jpg");
    writeFileSync(bad, "not an image");
    await expect(engineCli("ocr", "--source", "zh", "--in", bad)).rejects.toMatchObject({
      code: 3,
      stderr: expect.stringContaining("INVALID_IMAGE"),
    });
    await expect(engineCli("ocr", "--source", "klingon", "--in", input)).rejects.toMatchObject({ code: 2 });
  });
});
