import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import { REPO_ROOT } from "../../src/engine/node/node-assets.ts";
import { signUpInPage, startDashboard } from "./e2e-support.ts";

/**
 * The Fonts page in Chromium on i13-fonts' API: upload a font, translate an image with font=user/<id>
 * and see its glyphs (pixels compared with the same text in the bundled copy of that font and in
 * another font), delete it (FONT_NOT_READY at once).
 */
const product = new Uint8Array(
  drawProductImage(catalogOf("crossborder").products[1]!, 0, "zh", 480).toBuffer("image/jpeg", 90),
);

async function pixels(res: Response) {
  expect(res.status).toBe(200);
  const image = await loadImage(Buffer.from(await res.arrayBuffer()));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4)
    sum += (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!)) / 3;
  return sum / (a.length / 4);
}

describe("Fonts page in Chromium", () => {
  let d: Awaited<ReturnType<typeof startDashboard>>;
  let key = "";
  beforeAll(async () => {
    d = await startDashboard({ env: { IMAGE_WORKERS: "1" } });
    await d.t.services.imaging.warm();
  }, 240_000);
  afterAll(() => d?.close());

  const translate = (font: string) =>
    fetch(
      `${d.base}/v1/image-translate/translate?source_language=zh&target_language=ko&font_weight=Regular&font=${font}`,
      {
        method: "POST",
        headers: { "content-type": "image/jpeg", "x-api-key": key },
        body: product,
      },
    );

  it("uploads a font, shows it with its previews and its markup-bearing name as text", async () => {
    const { page, base } = d;
    await signUpInPage(page, base, `fonts${Date.now()}@example.com`);
    await page.getByLabel("Name").fill("image bot");
    await page.getByRole("button", { name: "Create key" }).click();
    key = (await page.getByTestId("new-key").textContent())!;
    await page.getByRole("link", { name: "Fonts" }).click();
    await page.getByRole("heading", { name: "Upload a font" }).waitFor();
    await page
      .getByLabel("Font file (TTF, OTF or WOFF2, at most 10 MiB)")
      .setInputFiles(`${REPO_ROOT}/public/fonts/BMHANNAPro.ttf`);
    const name = "Hanna <b>badges</b>";
    await page.getByLabel("Display name").fill(name);
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByRole("heading", { name, exact: true }).waitFor();
    expect(await page.locator(".font-card h3 b").count()).toBe(0);
    const previews = page.locator("img.font-preview");
    await expect.poll(() => previews.count()).toBeGreaterThan(0);
    await expect
      .poll(() => previews.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await d.shot("fonts");
  });

  it("refuses a file that is no font, with the reason in words", async () => {
    const { page } = d;
    await page.getByLabel("Font file (TTF, OTF or WOFF2, at most 10 MiB)").setInputFiles({
      name: "notes.ttf",
      mimeType: "font/ttf",
      buffer: Buffer.from("this is not a font at all, only words"),
    });
    await page.getByLabel("Display name").fill("broken");
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByRole("alert").waitFor();
    expect((await page.getByRole("alert").textContent())!.length).toBeGreaterThan(10);
    await d.shot("fonts-refused");
  });

  it("translates an image with font=user/<id> in that font's glyphs, and after deletion answers FONT_NOT_READY", async () => {
    const { page } = d;
    const ref = (await page.locator(".font-card code").first().textContent())!;
    expect(ref).toMatch(/^user\//);
    const user = await pixels(await translate(ref));
    const bundled = await pixels(await translate("BMHANNAPro"));
    const other = await pixels(await translate("Pretendard"));
    expect(meanDifference(user, bundled)).toBeLessThan(0.5);
    expect(meanDifference(user, other)).toBeGreaterThan(10 * Math.max(meanDifference(user, bundled), 0.05));

    await page.getByRole("button", { name: /^Delete font Hanna/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete font" }).click();
    await page.getByText("No fonts yet.").waitFor();
    const gone = await translate(ref);
    expect(gone.status).toBe(409);
    expect(ErrorBodySchema.parse(await gone.json()).error.code).toBe("FONT_NOT_READY");
  });
});
