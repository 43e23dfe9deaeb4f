import { describe, expect, it } from "vitest";
import { parseQueryString } from "../../server/platform/query.ts";

describe("parseQueryString", () => {
  it("reads parameters, decodes escapes and keeps every value of a repeated one, never merged", () => {
    const q = parseQueryString(
      "http://h/v1/x/search?query=red+shoes&brands=a&brands=b%2Cc&brands=d&empty=&flag#frag",
    );
    expect({ ...q }).toEqual({ query: "red shoes", brands: ["a", "b,c", "d"], empty: "", flag: "" });
  });

  it("inherits nothing: __proto__, constructor and toString are parameters like any other", () => {
    const q = parseQueryString("http://h/?__proto__=1&constructor=2");
    expect(Object.keys(q)).toEqual(["__proto__", "constructor"]);
    expect(q.constructor).toBe("2");
    expect("toString" in q || "hasOwnProperty" in q).toBe(false);
    expect("toString" in parseQueryString("http://h/")).toBe(false);
  });

  it("refuses a broken escape with BAD_REQUEST", () => {
    expect(() => parseQueryString("http://h/?query=%zz")).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST" }),
    );
  });
});
