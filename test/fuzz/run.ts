/**
 * `npm run fuzz -- <target> [--count N] [--seed S]`: hostile-input runs that print their figures and
 * exit non-zero when a rule is broken. Targets: fonts.
 */
export {};

const TARGETS = {
  fonts: () => import("./fonts.fuzz.ts"),
} as const;

const args = process.argv.slice(2);
const target = args.find((a) => !a.startsWith("--")) ?? "fonts";
if (!(target in TARGETS)) {
  console.error(`unknown fuzz target ${target}; targets: ${Object.keys(TARGETS).join(", ")}`);
  process.exit(2);
}
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  return Number.isFinite(value) ? value : fallback;
};
const { run } = await TARGETS[target as keyof typeof TARGETS]();
const ok = await run({ count: option("count", 600), seed: option("seed", 1) });
process.exit(ok ? 0 : 1);
