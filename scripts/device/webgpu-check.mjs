/**
 * The WebGPU device check (run by run.sh from the kit that scripts/device/webgpu-kit.ts builds): the
 * extension's onnxruntime-web WebGPU build, on the GPU through Dawn, runs the engine's models on the
 * tensors the Node engine fed them on real product images. For each run it prints the time on WebGPU and
 * on the same build's WASM kernels (one thread), and how far each answer is from onnxruntime-node's.
 * Plain JavaScript: the GPU machine has only the Node binary the kit carries.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [kit, out] = process.argv.slice(2);
const dawn = await import(pathToFileURL(join(kit, "package/index.js")).href);
Object.assign(globalThis, dawn.globals);
// onnxruntime-web writes from its wasm memory, a SharedArrayBuffer; browsers take such views, dawn.node
// refuses them ("Invalid argument"): hand it a copy.
const writeBuffer = dawn.globals.GPUQueue.prototype.writeBuffer;
dawn.globals.GPUQueue.prototype.writeBuffer = function (buffer, offset, data, dataOffset = 0, size) {
  if (!(data.buffer instanceof SharedArrayBuffer))
    return writeBuffer.call(this, buffer, offset, data, dataOffset, size);
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const unit = data.BYTES_PER_ELEMENT ?? 1;
  const start = dataOffset * unit;
  const end = size === undefined ? bytes.length : start + size * unit;
  return writeBuffer.call(this, buffer, offset, bytes.slice(start, end), 0);
};
if (!globalThis.navigator) globalThis.navigator = {};
Object.defineProperty(globalThis.navigator, "gpu", { value: dawn.create([]), configurable: true });

const adapter = await navigator.gpu.requestAdapter({ powerPreference: "high-performance" });
if (!adapter) throw new Error("no WebGPU adapter: is the Vulkan driver visible (VK_DRIVER_FILES)?");
const adapterName = [adapter.info.vendor, adapter.info.architecture, adapter.info.description]
  .filter(Boolean)
  .join(" / ");
console.info(`adapter: ${adapterName}${adapter.info.isFallbackAdapter ? " (software)" : ""}`);

const ort = await import(pathToFileURL(join(kit, "ort/ort.webgpu.bundle.min.mjs")).href);
ort.env.wasm.wasmPaths = `${pathToFileURL(join(kit, "ort")).href}/`;
ort.env.wasm.numThreads = 1;
ort.env.webgpu.adapter = adapter;
ort.env.logLevel = "error";

// ONLY=1,5 runs those recorded runs alone (a quick try on a software adapter).
const only = process.env.ONLY?.split(",").map(Number);
const manifest = JSON.parse(readFileSync(join(kit, "manifest.json"), "utf8")).filter(
  (_, i) => !only || only.includes(i),
);
const floats = (file) => {
  const b = readFileSync(join(kit, file));
  return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
};

async function sessions(provider) {
  const s = {};
  for (const model of ["detection", "recognition"])
    s[model] = await ort.InferenceSession.create(readFileSync(join(kit, `models/${model}.onnx`)), {
      executionProviders: [provider],
      graphOptimizationLevel: "all",
    });
  return s;
}

function compare(entry, result) {
  const ref = floats(entry.reference.file);
  if (entry.reference.kind === "map") {
    let maxDiff = 0;
    let flips = 0;
    for (let i = 0; i < ref.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs(ref[i] - result[i]));
      if (ref[i] > 0.3 !== result[i] > 0.3) flips++;
    }
    return { maxDiff, agree: 1 - flips / ref.length };
  }
  const classes = result.length / (ref.length / 2);
  let same = 0;
  let maxDiff = 0;
  for (let s = 0; s < ref.length / 2; s++) {
    let k = 0;
    for (let c = 1; c < classes; c++) if (result[s * classes + c] > result[s * classes + k]) k = c;
    if (k === ref[s * 2]) same++;
    maxDiff = Math.max(maxDiff, Math.abs(result[s * classes + k] - ref[s * 2 + 1]));
  }
  return { maxDiff, agree: same / (ref.length / 2) };
}

async function timeRuns(session, feeds, times) {
  const ms = [];
  let last;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    last = await session.run(feeds);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], first: ms[0], result: last[session.outputNames[0]].data };
}

if (process.env.MODE === "creation") {
  // Where the session creation time goes: each model, each graph optimization level.
  for (const level of (process.env.LEVELS ?? "all,basic,disabled").split(",")) {
    for (const model of ["detection", "recognition"]) {
      const t0 = performance.now();
      const s = await ort.InferenceSession.create(readFileSync(join(kit, `models/${model}.onnx`)), {
        executionProviders: ["webgpu"],
        graphOptimizationLevel: level,
      });
      const created = performance.now() - t0;
      const entry = manifest.find((e) => e.model === model);
      const input = floats(entry.input.file);
      const t1 = performance.now();
      await s.run({ [s.inputNames[0]]: new ort.Tensor("float32", input, entry.input.dims) });
      const first = performance.now() - t1;
      const t2 = performance.now();
      await s.run({ [s.inputNames[0]]: new ort.Tensor("float32", input, entry.input.dims) });
      console.info(
        `${level.padEnd(9)} ${model.padEnd(11)} create ${created.toFixed(0)} ms, first run ${first.toFixed(0)} ms, second ${(performance.now() - t2).toFixed(0)} ms`,
      );
      await s.release();
    }
  }
  process.exit(0);
}
const report = { adapter: adapterName, runs: [] };
const started = performance.now();
const gpu = await sessions("webgpu");
report.webgpuSessionsMs = performance.now() - started;
const cpu = await sessions("wasm");
for (const entry of manifest) {
  const input = floats(entry.input.file);
  const feeds = (s) => ({ [s.inputNames[0]]: new ort.Tensor("float32", input, entry.input.dims) });
  const firstStart = performance.now();
  await gpu[entry.model].run(feeds(gpu[entry.model]));
  const firstMs = performance.now() - firstStart;
  const g = await timeRuns(gpu[entry.model], feeds(gpu[entry.model]), 7);
  const c = await timeRuns(cpu[entry.model], feeds(cpu[entry.model]), 3);
  const row = {
    model: entry.model,
    image: entry.image.split("/").at(-1),
    dims: entry.input.dims.join("x"),
    webgpuFirstMs: firstMs,
    webgpuMs: g.median,
    wasmMs: c.median,
    speedup: c.median / g.median,
    webgpu: compare(entry, g.result),
    wasm: compare(entry, c.result),
  };
  report.runs.push(row);
  console.info(
    `${row.model.padEnd(11)} ${row.image.padEnd(22)} ${row.dims.padEnd(14)} WebGPU ${g.median.toFixed(1).padStart(7)} ms ` +
      `(first ${firstMs.toFixed(0)}) | WASM 1 thread ${c.median.toFixed(1).padStart(8)} ms | ${row.speedup.toFixed(1)}x | ` +
      `agree with onnxruntime-node: WebGPU ${(row.webgpu.agree * 100).toFixed(2)}% (max diff ${row.webgpu.maxDiff.toExponential(1)}), ` +
      `WASM ${(row.wasm.agree * 100).toFixed(2)}%`,
  );
}
const sum = (key) => report.runs.reduce((s, r) => s + r[key], 0);
report.totals = {
  webgpuMs: sum("webgpuMs"),
  wasmMs: sum("wasmMs"),
  speedup: sum("wasmMs") / sum("webgpuMs"),
};
console.info(
  `all recorded runs: WebGPU ${report.totals.webgpuMs.toFixed(0)} ms, WASM ${report.totals.wasmMs.toFixed(0)} ms (${report.totals.speedup.toFixed(1)}x); sessions on WebGPU created in ${report.webgpuSessionsMs.toFixed(0)} ms`,
);
writeFileSync(join(out, "webgpu-check.json"), JSON.stringify(report, null, 1));
process.exit(0);
