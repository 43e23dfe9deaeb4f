import type { Result, Router } from "hono/router";

/**
 * Remembers the router's answer per method and path. The app's routes keep Hono on its trie router
 * (its RegExpRouter refuses /v1/marketplaces beside /v1/:marketplace/:operation), whose search was
 * the largest single cost of routing a call; the paths callers use are few, and an answer depends on
 * nothing but the method and the path. Answers are read-only to Hono (its RegExpRouter shares them
 * too). Bounded: the oldest answer makes way once `max` paths are remembered, so a scan of random
 * paths costs a search each, as without the cache, and memory stays flat.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name: string;
  private readonly answers = new Map<string, Result<T>>();

  constructor(
    private readonly router: Router<T>,
    private readonly max = 1_000,
  ) {
    this.name = `Cached${router.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.answers.clear();
    this.router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = this.router.match(method, path);
      if (this.answers.size >= this.max) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, answer);
    }
    return answer;
  }
}
