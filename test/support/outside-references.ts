import { dirname, relative, resolve, sep } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/** Absolute paths of a particular machine, and the sibling folder of our own machines. */
const FOREIGN = [
  /["'`](\/work|\/home|\/root|\/Users|\/tmp\/[a-z])\//,
  /\.\.\/shared\/(fixtures|spec|notes|DESIGN)/,
];
const RELATIVE_LITERAL = /["'`]((?:\.\.\/)+[^"'`$\s]*)["'`]/g;

/** The places in one file's text that reach outside the repository. */
export function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const where = `${relative(ROOT, file)}:${i + 1}`;
    if (FOREIGN.some((pattern) => pattern.test(line))) found.push(`${where}: ${line.trim()}`);
    for (const [, literal] of line.matchAll(RELATIVE_LITERAL)) {
      const target = resolve(dirname(file), literal!);
      if (target !== ROOT && !target.startsWith(ROOT + sep))
        found.push(`${where}: ${literal} leaves the repository`);
    }
  });
  return found;
}
