/**
 * The font-check workers' limits: a check past its time is stopped (its thread terminated) and one whose
 * heap runs out dies alone; either way the upload is refused and the next check runs on a fresh thread.
 */
import { afterAll, describe, expect, it } from "vitest";
import { FontChecker } from "../../server/fonts/font-checker.ts";
import { fontBytes } from "./support.ts";

const checkers: FontChecker[] = [];
afterAll(() => Promise.all(checkers.map((c) => c.close())));

describe("font-check worker limits", () => {
  it("stops a check at the time limit and refuses the file", async () => {
    const checker = new FontChecker({ threads: 1, timeoutMs: 30 });
    checkers.push(checker);
    // A thread takes seconds to start and parse a 1 MB font: far past 30 ms.
    expect((await checker.inspect(fontBytes("hannaTtf"))).kind).toBe("timed-out");
    expect(checker.stats).toMatchObject({ timedOut: 1, crashed: 0 });
  });

  it("lets a thread die at its heap limit without harming this process; the upload is refused", async () => {
    const checker = new FontChecker({ threads: 1, maxHeapMb: 4, timeoutMs: 8_000 });
    checkers.push(checker);
    const outcome = await checker.inspect(fontBytes("pretendardOtf"));
    expect(["crashed", "timed-out"]).toContain(outcome.kind);
    expect(checker.stats.crashed).toBeGreaterThanOrEqual(1);
  });

  it("checks normally with the default limits", async () => {
    const checker = new FontChecker({ threads: 1 });
    checkers.push(checker);
    const outcome = await checker.inspect(fontBytes("hannaTtf"));
    expect(outcome.kind === "done" && outcome.result.kind).toBe("accepted");
  });
});
