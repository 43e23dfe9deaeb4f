import { describe, expect, it } from "vitest";
import { topUpReturnNotice } from "../../server/dashboard/ui/topup-return.ts";

describe("the Balance page on a return from checkout", () => {
  it.each([
    ["?topup=cancelled", "warn", /cancelled: nothing was charged/],
    ["?topup=pay_3f9aXk", "ok", /Payment received/],
  ] as const)("%s says %s", (search, kind, text) => {
    const notice = topUpReturnNotice(search);
    expect(notice?.kind).toBe(kind);
    expect(notice?.text).toMatch(text);
  });

  it.each(["", "?tab=ledger", "?topup=", "?topup=<script>alert(1)</script>"])("%s says nothing", (search) => {
    expect(topUpReturnNotice(search)).toBeNull();
  });
});
