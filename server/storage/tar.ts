/**
 * Reads a ustar archive (what PGlite's dumpDataDir writes) into its entries: the schema dump is unpacked
 * onto disk with it (schema-dump.ts). Regular files and directories only; a link, a device or a path
 * leaving the archive's root is refused, since what is unpacked becomes a database cluster.
 */
export interface TarEntry {
  /** Relative to the archive's root, without a leading slash. */
  path: string;
  type: "file" | "directory";
  /** Permission bits. */
  mode: number;
  data: Uint8Array;
}

const BLOCK = 512;

export function readTar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  const text = new TextDecoder();
  const field = (at: number, length: number) => {
    const bytes = archive.subarray(at, at + length);
    const end = bytes.indexOf(0);
    return text.decode(end < 0 ? bytes : bytes.subarray(0, end));
  };
  const octal = (at: number, length: number) => Number.parseInt(field(at, length).trim() || "0", 8);
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    // Two zero blocks end the archive; one is enough to stop reading.
    if (archive.subarray(offset, offset + BLOCK).every((b) => b === 0)) break;
    const prefix = field(offset + 345, 155);
    const name = field(offset, 100);
    const size = octal(offset + 124, 12);
    const typeflag = String.fromCharCode(archive[offset + 156] ?? 0);
    const path = normalize(prefix ? `${prefix}/${name}` : name);
    const dataStart = offset + BLOCK;
    if (!Number.isSafeInteger(size) || size < 0 || dataStart + size > archive.length)
      throw new Error(`tar: entry ${path} runs past the archive's end`);
    if (typeflag === "0" || typeflag === "\0") {
      entries.push({
        path,
        type: "file",
        mode: octal(offset + 100, 8) & 0o777,
        data: archive.subarray(dataStart, dataStart + size),
      });
    } else if (typeflag === "5") {
      if (path !== "")
        entries.push({
          path,
          type: "directory",
          mode: octal(offset + 100, 8) & 0o777,
          data: new Uint8Array(),
        });
    } else {
      throw new Error(`tar: entry ${path} is of type ${JSON.stringify(typeflag)}, not a file or a directory`);
    }
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/** "/base/1/" -> "base/1"; a path that climbs out of the root throws. */
function normalize(raw: string): string {
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw new Error(`tar: entry ${raw} leaves the archive's root`);
  return parts.join("/");
}
