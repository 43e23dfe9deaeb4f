import { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { CategoryEntry, CategoryList, CategoryRef } from "../../../src/contract/marketplace.ts";
import { readShape } from "../shared/upstream.ts";
import type { UpstreamContext } from "../types.ts";

/**
 * The auction's category tree, kept in memory as eBay asks integrators to (the tree changes rarely and
 * is large). It answers `categories` and, synchronously in prepare(), the level of a category id, which
 * sets the price (2 units for a descent below level three) and refuses unknown ids before any charge.
 * Loaded at start-up, refreshed when older than `ttlMs`.
 */

type TreeNode = {
  category: { categoryId: string; categoryName: string };
  categoryTreeNodeLevel: number;
  leafCategoryTreeNode?: boolean;
  childCategoryTreeNodes?: TreeNode[];
};
const NodeShape: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    category: z.object({ categoryId: z.string(), categoryName: z.string() }),
    categoryTreeNodeLevel: z.number().int().nonnegative(),
    leafCategoryTreeNode: z.boolean().optional(),
    childCategoryTreeNodes: z.array(NodeShape).optional(),
  }),
);
const TreeShape = z.object({
  categoryTreeId: z.string(),
  categoryTreeVersion: z.string().optional(),
  rootCategoryNode: NodeShape,
});

interface IndexedNode {
  id: string;
  name: string;
  level: number;
  parent: string | undefined;
  children: string[];
}

export class AuctionTaxonomy {
  readonly #load: (ctx: UpstreamContext) => Promise<unknown>;
  readonly #now: () => Date;
  readonly #ttlMs: number;
  #nodes: Map<string, IndexedNode> | undefined;
  #roots: string[] = [];
  #loadedAt = 0;
  #loading: Promise<void> | undefined;

  constructor(load: (ctx: UpstreamContext) => Promise<unknown>, now: () => Date, ttlMs = 3_600_000) {
    this.#load = load;
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  get loaded(): boolean {
    return this.#nodes !== undefined;
  }

  /** Parses a getCategoryTree answer (exported for the fixture tests). */
  static index(body: unknown): { nodes: Map<string, IndexedNode>; roots: string[] } {
    const tree = readShape("auction", TreeShape, body, "category tree");
    const nodes = new Map<string, IndexedNode>();
    const walk = (node: TreeNode, parent: string | undefined) => {
      const id = node.category.categoryId;
      nodes.set(id, {
        id,
        name: node.category.categoryName,
        level: node.categoryTreeNodeLevel,
        parent,
        children: (node.childCategoryTreeNodes ?? []).map((c) => c.category.categoryId),
      });
      for (const child of node.childCategoryTreeNodes ?? []) walk(child, id);
    };
    // The tree's root (level 0, "Root") is not a category a caller can use; its children are departments.
    for (const child of tree.rootCategoryNode.childCategoryTreeNodes ?? []) walk(child, undefined);
    return {
      nodes,
      roots: (tree.rootCategoryNode.childCategoryTreeNodes ?? []).map((c) => c.category.categoryId),
    };
  }

  /** Loads or refreshes; concurrent callers share one load. */
  async ensure(ctx: UpstreamContext): Promise<void> {
    const fresh = this.#nodes && this.#now().getTime() - this.#loadedAt < this.#ttlMs;
    if (fresh) return;
    this.#loading ??= (async () => {
      try {
        const { nodes, roots } = AuctionTaxonomy.index(await this.#load(ctx));
        this.#nodes = nodes;
        this.#roots = roots;
        this.#loadedAt = this.#now().getTime();
      } finally {
        this.#loading = undefined;
      }
    })();
    // A stale tree still answers while a refresh runs; only a missing tree waits.
    if (this.#nodes) {
      this.#loading.catch(() => {});
      return;
    }
    await this.#loading;
  }

  /** Starts a load in the background (at start-up, or when prepare() met an unloaded tree). */
  warm(timeoutMs: number): void {
    if (this.#loading) return;
    const ctx: UpstreamContext = {
      signal: AbortSignal.timeout(timeoutMs),
      requestId: "auction-taxonomy",
      now: this.#now,
    };
    this.ensure(ctx).catch(() => {});
  }

  /** The level of a category (1 = department), for pricing; throws the spec's errors in prepare(). */
  levelFor(id: string, timeoutMs: number): number {
    if (!this.#nodes) {
      this.warm(timeoutMs);
      throw new GatewayError(
        "SERVICE_UNAVAILABLE",
        "auction's category tree is still loading; retry in a second",
        { retryAfterMs: 1000 },
      );
    }
    const node = this.#nodes.get(id);
    if (!node)
      throw new GatewayError(
        "INVALID_PARAMS",
        `categoryId: ${JSON.stringify(id)} is not an auction category`,
      );
    return node.level;
  }

  levelOf = (id: string): number | undefined => this.#nodes?.get(id)?.level;

  /** Children of a category (the departments at the root) with the ancestor chain. */
  list(id: string | undefined): CategoryList {
    const nodes = this.#nodes;
    if (!nodes)
      throw new GatewayError("SERVICE_UNAVAILABLE", "auction's category tree is not loaded", {
        retryAfterMs: 1000,
      });
    const entry = (childId: string): CategoryEntry => {
      const child = nodes.get(childId)!;
      const out: CategoryEntry = { id: child.id, name: child.name, hasChildren: child.children.length > 0 };
      // The bn_ departments are always hubs; other hubs cannot be told from the tree, so nothing is claimed.
      if (child.id.startsWith("bn_")) out.browsable = false;
      return out;
    };
    if (id === undefined) return { marketplace: "auction", path: [], categories: this.#roots.map(entry) };
    const node = nodes.get(id);
    if (!node)
      throw new GatewayError(
        "INVALID_PARAMS",
        `categoryId: ${JSON.stringify(id)} is not an auction category`,
      );
    const path: CategoryRef[] = [];
    for (let at: IndexedNode | undefined = node; at; at = at.parent ? nodes.get(at.parent) : undefined) {
      path.unshift({ id: at.id, name: at.name });
    }
    // Three levels are published; below that the list is empty, which is an answer, not an error.
    return { marketplace: "auction", path, categories: node.level >= 3 ? [] : node.children.map(entry) };
  }
}
