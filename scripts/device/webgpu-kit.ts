/**
 * Builds the kit for the WebGPU device check (docs/extension.md, "WebGPU"): the engine's two models, the
 * exact tensors the Node engine fed them on real product images, and what onnxruntime-node answered (the
 * reference), with onnxruntime-web's WebGPU build, Dawn's Node binding and a Node binary, so a bare GPU
 * machine with no browser and no network can run the extension's WebGPU kernels on the same inputs.
 *
 *   npm pack webgpu@0.6.2 && npx tsx scripts/device/webgpu-kit.ts webgpu-0.6.2.tgz .devkit
 *   then, on the GPU machine:  .devkit/run.sh   (prints the figures, writes $OUT/webgpu-check.json)
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ASSET_SOURCES, MODEL_ASSETS } from "../../src/engine/assets.ts";
import { ImageEngine } from "../../src/engine/engine.ts";
import { createNodePorts } from "../../src/engine/node/create-node-engine.ts";
import type { OnnxPort, TensorData } from "../../src/engine/ports.ts";

const [tarballArg, outArg = ".devkit"] = process.argv.slice(2);
if (!tarballArg) throw new Error("usage: webgpu-kit.ts <webgpu-x.y.z.tgz from npm pack> [out dir]");
const tarball: string = tarballArg;
const out = resolve(outArg);
const IMAGES = [
  "test/fixtures/product-images/paddlejs_wine_3.jpg",
  "test/fixtures/product-images/paddleocr_13.png",
];
/** Recognition batches kept per image: enough shapes to exercise the kernels, small enough to carry. */
const REC_CALLS = 6;

interface Recorded {
  model: "detection" | "recognition";
  image: string;
  input: { file: string; dims: readonly number[] };
  /** Detection: the probability map. Recognition: per time step, the best class and its score. */
  reference: { file: string; dims: readonly number[]; kind: "map" | "argmax" };
}

function recording(
  inner: OnnxPort,
  sink: (model: Recorded["model"], feeds: TensorData, out: TensorData) => void,
) {
  let created = 0;
  return {
    async createSession(model: Uint8Array) {
      const session = await inner.createSession(model);
      const which = created++ === 0 ? "detection" : "recognition";
      return {
        ...session,
        async run(feeds: Record<string, TensorData>) {
          const result = await session.run(feeds);
          sink(which, Object.values(feeds)[0]!, Object.values(result)[0]!);
          return result;
        },
      };
    },
  } satisfies OnnxPort;
}

function argmax(t: TensorData): Float32Array {
  const classes = t.dims.at(-1)!;
  const steps = t.data.length / classes;
  const best = new Float32Array(steps * 2);
  for (let s = 0; s < steps; s++) {
    let k = 0;
    for (let c = 1; c < classes; c++) if (t.data[s * classes + c]! > t.data[s * classes + k]!) k = c;
    best[s * 2] = k;
    best[s * 2 + 1] = t.data[s * classes + k]!;
  }
  return best;
}

async function main(): Promise<void> {
  mkdirSync(join(out, "feeds"), { recursive: true });
  const manifest: Recorded[] = [];
  let image = "";
  let recCalls = 0;
  const write = (name: string, data: Float32Array) =>
    writeFileSync(join(out, "feeds", name), Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const ports = createNodePorts({ onnxThreads: 2 });
  // Detection is created first in ImageEngine.loadModels (Promise.all keeps the order of the calls).
  ports.onnx = recording(ports.onnx, (model, feed, result) => {
    if (model === "recognition" && recCalls++ >= REC_CALLS) return;
    const n = manifest.length;
    write(`${n}.in`, feed.data);
    const reference = model === "detection" ? result.data : argmax(result);
    write(`${n}.ref`, reference);
    manifest.push({
      model,
      image,
      input: { file: `feeds/${n}.in`, dims: feed.dims },
      reference: {
        file: `feeds/${n}.ref`,
        dims: model === "detection" ? result.dims : [reference.length / 2, 2],
        kind: model === "detection" ? "map" : "argmax",
      },
    });
  });
  const engine = new ImageEngine(ports);
  for (const path of IMAGES) {
    image = path;
    recCalls = 0;
    await engine.ocr(readFileSync(path), { sourceLanguage: "auto" });
  }
  await engine.dispose();
  writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 1));

  const ort = "node_modules/onnxruntime-web/dist";
  mkdirSync(join(out, "ort"), { recursive: true });
  for (const name of [
    "ort.webgpu.bundle.min.mjs",
    "ort-wasm-simd-threaded.asyncify.mjs",
    "ort-wasm-simd-threaded.asyncify.wasm",
  ])
    copyFileSync(join(ort, name), join(out, "ort", name));
  mkdirSync(join(out, "models"), { recursive: true });
  copyFileSync(ASSET_SOURCES[MODEL_ASSETS.detection]!, join(out, "models/detection.onnx"));
  copyFileSync(ASSET_SOURCES[MODEL_ASSETS.recognition]!, join(out, "models/recognition.onnx"));
  execFileSync("tar", [
    "xzf",
    resolve(tarball),
    "-C",
    out,
    "package/index.js",
    "package/package.json",
    "package/LICENSE.md",
    "package/dist/linux-x64/dawn.node",
  ]);
  copyFileSync(process.execPath, join(out, "node"));
  copyFileSync("scripts/device/webgpu-check.mjs", join(out, "webgpu-check.mjs"));
  copyFileSync("scripts/device/run.sh", join(out, "run.sh"));
  // xz keeps the kit inside the device machine's transfer limit; run.sh unpacks with Python's lzma.
  execFileSync("sh", [
    "-c",
    `cd '${out}' && xz -T2 -6 -f node package/dist/linux-x64/dawn.node ort/*.wasm models/*.onnx feeds/*`,
  ]);
  console.info(`kit in ${out}: ${manifest.length} recorded runs from ${IMAGES.length} images`);
}

await main();
