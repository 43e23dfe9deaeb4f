import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { CachedRouter } from "../../server/platform/cached-router.ts";

describe("CachedRouter", () => {
  const routes = () => {
    const router = new CachedRouter(new TrieRouter<string>(), 2);
    router.add("GET", "/v1/marketplaces", "list");
    router.add("GET", "/v1/:marketplace/:operation", "call");
    router.add("ALL", "/v1/:marketplace/:operation", "other method");
    return router;
  };
  const handlers = (router: CachedRouter<string>, method: string, path: string) =>
    router.match(method, path)[0].map(([handler, params]) => [handler, params]);

  it("answers as the router it wraps, per method and path", () => {
    const router = routes();
    const plain = new TrieRouter<string>();
    plain.add("GET", "/v1/marketplaces", "list");
    plain.add("GET", "/v1/:marketplace/:operation", "call");
    plain.add("ALL", "/v1/:marketplace/:operation", "other method");
    for (const [method, path] of [
      ["GET", "/v1/megastore/search"],
      ["GET", "/v1/megastore/search"],
      ["POST", "/v1/megastore/search"],
      ["GET", "/v1/emporium/browse"],
      ["GET", "/v1/marketplaces"],
      ["GET", "/v1/megastore/search"],
      ["DELETE", "/nowhere"],
    ] as const) {
      expect(handlers(router, method, path)).toEqual(
        plain.match(method, path)[0].map(([handler, params]) => [handler, params]),
      );
    }
  });

  it("remembers at most max paths, and forgets every answer when a route is added", () => {
    const router = routes();
    const first = router.match("GET", "/v1/megastore/search");
    expect(router.match("GET", "/v1/megastore/search")).toBe(first);
    router.match("GET", "/v1/a/b");
    router.match("GET", "/v1/c/d"); // the oldest, /v1/megastore/search, makes way
    expect(router.match("GET", "/v1/megastore/search")).not.toBe(first);
    const again = router.match("GET", "/v1/megastore/search");
    router.add("GET", "/v1/megastore/search", "special");
    expect(handlers(router, "GET", "/v1/megastore/search").map(([h]) => h)).toContain("special");
    expect(router.match("GET", "/v1/megastore/search")).not.toBe(again);
  });
});
