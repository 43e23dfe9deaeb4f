/**
 * Command-line translator, a fixed contract that checks outside the project rely on:
 *
 *   npm run --silent translate -- --from <lang> --to <lang>
 *
 * reads one text per line on standard input and writes one translation per line on standard output, in
 * order; an empty input line gives an empty output line, a text that cannot be translated is written as it
 * is. Nothing else goes to standard output: diagnostics go to standard error. It runs the embedded offline
 * translator, the same one the engine uses by default.
 *
 * `--origin-file <path>` also writes, one JSON object per input line, each translation's status and origin
 * (the shares of the source from known phrases and from word-level transfer); npm run eval:translate reads it.
 */
import { writeFileSync } from "node:fs";
import { createEmbeddedTranslator } from "../src/translate/embedded/embedded-translator.ts";
import { normalizeSource, normalizeTarget } from "../src/translate/languages.ts";
import { loadEmbeddedDataFromDisk } from "../src/translate/node/load-embedded-data.ts";

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run --silent translate -- --from <zh|zh-TW|ja|en|auto> --to <ko|en|ja|zh-CN|zh-TW>\n`,
  );
  process.exit(2);
}

function arg(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function main(): Promise<void> {
  const from = arg("--from");
  const to = arg("--to");
  if (!from || !to) usage("both --from and --to are required");
  const source = normalizeSource(from);
  if (!source) usage(`unknown source language "${from}"`);
  if (!normalizeTarget(to)) usage(`unknown target language "${to}"`);

  const input = await readStdin();
  // One text per line; a final newline ends the last line rather than starting an empty one.
  const lines = input.split("\n").map((l) => l.replace(/\r$/, ""));
  if (lines.length > 0 && lines.at(-1) === "" && input.endsWith("\n")) lines.pop();

  const translator = createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
  const results = await translator.translateBatch(lines, source, to);
  const out = results.map((r, i) => (lines[i] === "" ? "" : r.text.replace(/[\r\n]+/g, " ")));
  process.stdout.write(out.length ? `${out.join("\n")}\n` : "");
  const originFile = arg("--origin-file");
  if (originFile) {
    const rows = results.map((r) => JSON.stringify({ status: r.status, origin: r.origin ?? null }));
    writeFileSync(originFile, rows.length ? `${rows.join("\n")}\n` : "");
  }
  if (process.argv.includes("--verbose")) {
    for (const [i, r] of results.entries())
      if (r.status !== "translated") process.stderr.write(`${i + 1}: ${r.status} (${r.reason})\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`translate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
