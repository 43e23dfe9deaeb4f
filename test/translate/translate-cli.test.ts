import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** The CLI is a fixed contract that checks outside the project rely on: one line in, one line out. */
function run(args: string[], input: string) {
  return spawnSync("npx", ["tsx", "scripts/translate-cli.ts", ...args], {
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("npm run translate", () => {
  it("writes one translation per input line, in order, with empty lines kept", () => {
    const out = run(["--from", "zh", "--to", "ko"], "全国包邮\n\n满200减30\nสวัสดีครับ\n");
    expect(out.status).toBe(0);
    expect(out.stdout).toBe("전국 무료배송\n\n200위안 이상 구매 시 30위안 할인\nสวัสดีครับ\n");
  });

  it("handles CRLF input and a last line without a newline", () => {
    const out = run(["--from", "ja", "--to", "en"], "送料無料\r\nポイント10倍");
    expect(out.stdout).toBe("Free Shipping\n10x points\n");
  });

  it("refuses unknown languages on stderr with a non-zero exit and nothing on stdout", () => {
    const out = run(["--from", "xx", "--to", "ko"], "包邮\n");
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(/unknown source language/);
  });
});
