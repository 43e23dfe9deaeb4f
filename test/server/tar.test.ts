import { describe, expect, it } from "vitest";
import { readTar } from "../../server/storage/tar.ts";

/** One ustar header and its data, as tar(1) and PGlite's dumpDataDir write them. */
function entry(name: string, typeflag: string, data = "", mode = 0o600): Uint8Array {
  const header = new Uint8Array(512);
  const put = (at: number, text: string) => header.set(new TextEncoder().encode(text), at);
  put(0, name);
  put(100, `${mode.toString(8).padStart(7, "0")}\0`);
  put(124, `${data.length.toString(8).padStart(11, "0")}\0`);
  put(156, typeflag);
  put(257, "ustar\0");
  const body = new Uint8Array(Math.ceil(data.length / 512) * 512);
  body.set(new TextEncoder().encode(data));
  const out = new Uint8Array(512 + body.length);
  out.set(header);
  out.set(body, 512);
  return out;
}

const archive = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0) + 1024);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
};

describe("readTar (the schema dump's archive)", () => {
  it("reads directories and files with their modes, relative to the root", () => {
    const entries = readTar(
      archive(
        entry("/base", "5", "", 0o750),
        entry("/base/1", "0", "x".repeat(700)),
        entry("/PG_VERSION", "0", "17\n"),
      ),
    );
    expect(entries.map((e) => [e.path, e.type, e.mode, e.data.length])).toEqual([
      ["base", "directory", 0o750, 0],
      ["base/1", "file", 0o600, 700],
      ["PG_VERSION", "file", 0o600, 3],
    ]);
    expect(new TextDecoder().decode(entries[2]!.data)).toBe("17\n");
  });

  it("refuses a path that leaves the root, a link, and an entry cut short", () => {
    expect(() => readTar(archive(entry("../escape", "0", "x")))).toThrow(/leaves the archive's root/);
    expect(() => readTar(archive(entry("link", "2")))).toThrow(/not a file or a directory/);
    expect(() => readTar(entry("big", "0", "x".repeat(600)).subarray(0, 700))).toThrow(
      /past the archive's end/,
    );
  });
});
