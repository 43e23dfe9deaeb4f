/**
 * The spec's script gate: before anything is drawn, the font must have glyphs for the script the target
 * language needs (Limits, Required script per target language). A target not in the table has no gate.
 */
import { GatewayError } from "../contract/errors.ts";
import { REQUIRED_SCRIPT, type Script } from "../contract/image-translate.ts";
import { SCRIPT_SAMPLES, sampleCoverage, scriptCoverage } from "./coverage.ts";
import type { FontFace } from "./font-library.ts";

export function requiredScript(target: string): Script | undefined {
  return REQUIRED_SCRIPT[target];
}

/** The characters the gate checks for `target` (empty when it has no gate). */
export function scriptSample(target: string): string {
  const script = requiredScript(target);
  return script === undefined ? "" : SCRIPT_SAMPLES[script];
}

/**
 * A user font must cover the script itself. A bundled font is drawn with its fallbacks, so the chain as a
 * whole must (no bundled font has Hebrew or Arabic, for example).
 */
export function assertScriptGate(target: string, chain: readonly FontFace[]): void {
  const script = requiredScript(target);
  if (script === undefined || chain.length === 0) return;
  const chosen = chain[0]!;
  if (chosen.name.startsWith("user/")) {
    if (!scriptCoverage(chosen.map)[script]) {
      throw new GatewayError(
        "FONT_GLYPH_COVERAGE",
        `Font ${chosen.name} has no ${script} glyphs, which target language ${target} needs.`,
      );
    }
    return;
  }
  const covered = sampleCoverage({ has: (c) => chain.some((f) => f.map.has(c)) }, SCRIPT_SAMPLES[script]);
  if (covered < 0.98) {
    throw new GatewayError(
      "FONT_GLYPH_COVERAGE",
      `Neither ${chosen.name} nor its fallback fonts have ${script} glyphs, which target language ${target} needs.`,
    );
  }
}
