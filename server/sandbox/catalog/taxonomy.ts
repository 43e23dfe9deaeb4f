import type { Marketplace } from "../../../src/contract/marketplace.ts";
import { EMPORIUM_DEPARTMENTS } from "../../marketplaces/emporium/departments.ts";
import { hash32, Rng } from "./rng.ts";
import { DEPARTMENTS, type Department, type Lang, type Noun, QUALIFIERS, type Words } from "./vocab.ts";

/**
 * The category trees of the five sandbox marketplaces, shaped as the spec describes each one:
 * emporium 40 departments (slug + numeric root node) over numeric browse nodes, a minority empty;
 * auction 18 departments, four of them `bn_` hubs, three published levels, some unpredictable hubs;
 * megastore 42 departments whose children are underscore chains; crossborder two levels; storefront flat
 * collections.
 */

export interface CategoryNode {
  id: string;
  words: Words;
  level: number;
  parent: CategoryNode | undefined;
  children: CategoryNode[];
  /** Browse refuses this node (a navigation hub with no products of its own). */
  hub: boolean;
  /** Lists no products at all (emporium's "minority of nodes that list nothing"). */
  empty: boolean;
  dept: Department;
  noun: Noun | undefined;
  qualifier: Words | undefined;
  slug?: string;
}

export interface Taxonomy {
  roots: CategoryNode[];
  nodes: Map<string, CategoryNode>;
  /** Nodes products are assigned to. */
  leaves: CategoryNode[];
}

function node(
  id: string,
  words: Words,
  level: number,
  parent: CategoryNode | undefined,
  dept: Department,
  extra: Partial<CategoryNode> = {},
): CategoryNode {
  const created: CategoryNode = {
    id,
    words,
    level,
    parent,
    children: [],
    hub: false,
    empty: false,
    dept,
    noun: undefined,
    qualifier: undefined,
    ...extra,
  };
  parent?.children.push(created);
  return created;
}

function qualified(noun: Noun, qualifier: Words): Words {
  return {
    en: `${qualifier.en} ${noun.words.en}`,
    zh: `${qualifier.zh}${noun.words.zh}`,
    ja: `${qualifier.ja}${noun.words.ja}`,
  };
}

function finish(roots: CategoryNode[]): Taxonomy {
  const nodes = new Map<string, CategoryNode>();
  const leaves: CategoryNode[] = [];
  const walk = (n: CategoryNode) => {
    if (nodes.has(n.id)) throw new Error(`duplicate category id ${n.id}`);
    nodes.set(n.id, n);
    if (n.children.length === 0 && !n.empty && !n.hub) leaves.push(n);
    n.children.forEach(walk);
  };
  roots.forEach(walk);
  return { roots, nodes, leaves };
}

function deptBySlug(slug: string): Department {
  const dept = DEPARTMENTS.find((d) => d.slug === slug);
  if (!dept) throw new Error(`unknown department ${slug}`);
  return dept;
}

function emporium(): Taxonomy {
  const rng = new Rng(hash32("emporium-taxonomy"));
  const roots = EMPORIUM_DEPARTMENTS.map((d, di) => {
    const dept = deptBySlug(d.slug);
    const root = node(d.node, { en: d.name, zh: dept.words.zh, ja: dept.words.ja }, 1, undefined, dept, {
      slug: d.slug,
    });
    dept.nouns.forEach((noun, ni) => {
      const sub = node(String(3_100_000_011 + di * 1000 + ni * 100), noun.words, 2, root, dept, { noun });
      rng.sample(QUALIFIERS, 4).forEach((q, qi) => {
        // About one leaf in ten lists nothing, as the spec says a minority of nodes do.
        node(String(3_100_000_031 + di * 1000 + ni * 100 + qi * 10), qualified(noun, q), 3, sub, dept, {
          noun,
          qualifier: q,
          empty: rng.chance(0.1),
        });
      });
    });
    return root;
  });
  return finish(roots);
}

const AUCTION_HUBS: { id: string; words: Words; depts: string[] }[] = [
  {
    id: "bn_7000259124",
    words: { en: "Fashion", zh: "时尚", ja: "ファッション" },
    depts: ["womens-clothing", "mens-clothing", "kids-clothing", "shoes"],
  },
  {
    id: "bn_1865326",
    words: { en: "Home & Living", zh: "家居生活", ja: "ホーム＆リビング" },
    depts: ["furniture", "bedding", "bath", "home-decor"],
  },
  {
    id: "bn_1865031",
    words: { en: "Sports & Leisure", zh: "运动休闲", ja: "スポーツ＆レジャー" },
    depts: ["sports", "fitness", "cycling", "outdoor-cooking"],
  },
  {
    id: "bn_7000259435",
    words: { en: "Everyday Essentials", zh: "日常必需", ja: "日用品" },
    depts: ["grocery", "household", "health", "personal-care"],
  },
];

function auction(): Taxonomy {
  const rng = new Rng(hash32("auction-taxonomy"));
  const inHubs = new Set(AUCTION_HUBS.flatMap((h) => h.depts));
  const rest = DEPARTMENTS.filter((d) => !inHubs.has(d.slug));
  // 26 remaining departments make 14 regular top-level categories: 12 pairs and 2 on their own.
  const groups: Department[][] = [];
  for (let i = 0; i < rest.length; ) {
    const size = groups.length < 12 ? 2 : 1;
    groups.push(rest.slice(i, i + size));
    i += size;
  }
  let next = 20_000;
  const id = () => {
    next += 1 + rng.int(37);
    return String(next);
  };
  const roots: CategoryNode[] = [];
  groups.forEach((group) => {
    const first = group[0]!;
    const words: Words =
      group.length === 1
        ? first.words
        : {
            en: `${first.words.en} & ${group[1]!.words.en}`,
            zh: `${first.words.zh}与${group[1]!.words.zh}`,
            ja: `${first.words.ja}・${group[1]!.words.ja}`,
          };
    const root = node(id(), words, 1, undefined, first);
    for (const dept of group) {
      for (const noun of dept.nouns) {
        // Hubs below the top level cannot be predicted from the taxonomy (spec): about one in eight.
        const sub = node(id(), noun.words, 2, root, dept, { noun, hub: rng.chance(0.125) });
        for (const q of rng.sample(QUALIFIERS, 3))
          node(id(), qualified(noun, q), 3, sub, dept, { noun, qualifier: q });
      }
    }
    roots.push(root);
  });
  for (const hub of AUCTION_HUBS) {
    const root = node(hub.id, hub.words, 1, undefined, deptBySlug(hub.depts[0]!), { hub: true });
    for (const slug of hub.depts) {
      const dept = deptBySlug(slug);
      const sub = node(id(), dept.words, 2, root, dept);
      for (const noun of dept.nouns) node(id(), noun.words, 3, sub, dept, { noun });
    }
    roots.push(root);
  }
  // Interleave hubs among the departments, as a real top level would list them alphabetically.
  roots.sort((a, b) => a.words.en.localeCompare(b.words.en));
  return finish(roots);
}

function megastore(): Taxonomy {
  const rng = new Rng(hash32("megastore-taxonomy"));
  const roots = DEPARTMENTS.map((dept, di) => {
    const deptId = String(1_000_000 + di * 7_919 + rng.int(500));
    // Most departments are hubs; a third carry products directly and browse by bare id.
    const root = node(deptId, dept.words, 1, undefined, dept, { hub: di % 3 !== 0 });
    dept.nouns.forEach((noun, ni) => {
      const subId = `${deptId}_${1_100_000 + di * 100 + ni * 17}`;
      const sub = node(subId, noun.words, 2, root, dept, { noun });
      rng.sample(QUALIFIERS, 3).forEach((q, qi) => {
        node(`${subId}_${1_200_000 + di * 100 + ni * 17 + qi}`, qualified(noun, q), 3, sub, dept, {
          noun,
          qualifier: q,
        });
      });
    });
    return root;
  });
  return finish(roots);
}

function crossborder(): Taxonomy {
  const roots: CategoryNode[] = [];
  for (let i = 0; i < DEPARTMENTS.length; i += 2) {
    const a = DEPARTMENTS[i]!;
    const b = DEPARTMENTS[i + 1]!;
    const root = node(
      String(200_000_000 + i * 1_113),
      {
        en: `${a.words.en} & ${b.words.en}`,
        zh: `${a.words.zh}/${b.words.zh}`,
        ja: `${a.words.ja}・${b.words.ja}`,
      },
      1,
      undefined,
      a,
    );
    [a, b].forEach((dept, di) => {
      dept.nouns.forEach((noun, ni) => {
        node(String(201_000_000 + i * 1_113 + di * 10 + ni), noun.words, 2, root, dept, { noun });
      });
    });
    roots.push(root);
  }
  return finish(roots);
}

/** Storefront collections: one per product kind of 12 departments, flat, as Shopify collections are. */
export const STOREFRONT_DEPARTMENTS = [
  "electronics",
  "computers",
  "kitchen",
  "home-decor",
  "womens-clothing",
  "mens-clothing",
  "shoes",
  "beauty",
  "toys",
  "luggage",
  "office",
  "outdoor-cooking",
];

function storefront(): Taxonomy {
  const roots: CategoryNode[] = [];
  STOREFRONT_DEPARTMENTS.forEach((slug, di) => {
    const dept = deptBySlug(slug);
    dept.nouns.forEach((noun, ni) => {
      roots.push(
        node(`gid://shopify/Collection/${411_000_000 + di * 10 + ni}`, noun.words, 1, undefined, dept, {
          noun,
        }),
      );
    });
  });
  return finish(roots);
}

const BUILDERS: Record<Marketplace, () => Taxonomy> = {
  emporium,
  auction,
  megastore,
  crossborder,
  storefront,
};
const built = new Map<Marketplace, Taxonomy>();

export function taxonomyOf(marketplace: Marketplace): Taxonomy {
  let taxonomy = built.get(marketplace);
  if (!taxonomy) {
    taxonomy = BUILDERS[marketplace]();
    built.set(marketplace, taxonomy);
  }
  return taxonomy;
}

/** The chain from the top level down to `node`. */
export function ancestry(node: CategoryNode): CategoryNode[] {
  const chain: CategoryNode[] = [];
  for (let at: CategoryNode | undefined = node; at; at = at.parent) chain.unshift(at);
  return chain;
}

export function nodeName(node: CategoryNode, lang: Lang): string {
  return node.words[lang];
}
