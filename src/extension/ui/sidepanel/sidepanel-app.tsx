/**
 * The seller's side panel: the product read from the page, then the same product on the other
 * marketplaces as the server finds it (docs/compare.md). Rows arrive per marketplace; the cheapest fair
 * match is highlighted; a marketplace that failed says so in its own line; what it cost is shown.
 */
import { useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import {
  type ComparisonState,
  cheapestFairMatch,
  marketplaceStatuses,
  type SortKey,
  sortRows,
} from "../../compare/comparison-state.ts";
import type { PageProduct } from "../../page/readers/index.ts";
import { loadSettings, SETTINGS_KEY, type Settings } from "../../settings.ts";
import { CURRENCIES, defaultCurrency, MARKETPLACE_NAMES, money } from "./format.ts";
import { MatchRowView } from "./match-row.tsx";
import { type ComparisonRun, useComparison } from "./use-comparison.ts";
import { useMatchTitles } from "./use-match-titles.ts";
import { usePageProduct } from "./use-page-product.ts";

const CURRENCY_KEY = "compareCurrency";

function useCurrency(): [string, (c: string) => void] {
  const [currency, setCurrency] = useState(defaultCurrency(navigator.language));
  useEffect(() => {
    void browser.storage.local.get(CURRENCY_KEY).then((got) => {
      const stored = got[CURRENCY_KEY];
      if (typeof stored === "string") setCurrency(stored);
    });
  }, []);
  return [
    currency,
    (c) => {
      setCurrency(c);
      void browser.storage.local.set({ [CURRENCY_KEY]: c });
    },
  ];
}

/** The settings, read again when they change (the seller connects in the options page meanwhile). */
function useLiveSettings(): Settings | undefined {
  const [settings, setSettings] = useState<Settings>();
  useEffect(() => {
    const load = () => void loadSettings(browser.storage.local, navigator.language).then(setSettings);
    const onChanged = (changes: Record<string, unknown>) => {
      if (SETTINGS_KEY in changes) load();
    };
    load();
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);
  return settings;
}

export function SidePanelApp() {
  const settings = useLiveSettings();
  const [page, readAgain] = usePageProduct();
  const [currency, setCurrency] = useCurrency();
  const [sort, setSort] = useState<SortKey>("landed");
  const product = page.state === "read" && page.reading.ok ? page.reading.product : undefined;
  // A deeper comparison is asked for one product; another product starts at one page again.
  const [deeper, setDeeper] = useState({ productKey: "", pages: 1 });
  const productKey = product ? `${product.marketplace}:${product.productId}` : "";
  const pages = deeper.productKey === productKey ? deeper.pages : 1;
  const run = useComparison(settings?.server, product, currency, pages);
  const titles = useMatchTitles(
    run.phase === "running" || run.phase === "done" ? run.state.matches : [],
    settings,
  );

  if (!settings) return <main class="panel">Loading…</main>;
  if (!settings.server) return <NotConnected />;
  return (
    <main class="panel">
      <header class="top">
        <strong>Marketlens</strong>
        <label>
          Currency{" "}
          <select name="currency" value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={readAgain} title="Read the page again">
          ↻
        </button>
      </header>
      {page.state === "reading" && <p class="note">Reading the page…</p>}
      {page.state === "unreadable" && <p class="note">{page.message}</p>}
      {page.state === "read" && !page.reading.ok && (
        <p class="note" data-testid="not-a-product">
          {page.reading.reason === "not-a-product-page"
            ? `This ${MARKETPLACE_NAMES[page.reading.marketplace as keyof typeof MARKETPLACE_NAMES] ?? ""} page is not a product page. Open a product, then press ↻.`
            : "Open a product page on Amazon, eBay, Walmart, a Shopify store or AliExpress (or a sandbox page) to compare it."}
        </p>
      )}
      {product && <SourceCard product={product} />}
      {product && (
        <Results
          run={run}
          sort={sort}
          setSort={setSort}
          serverUrl={settings.server.url}
          titles={titles}
          expand={(p) => setDeeper({ productKey, pages: p })}
        />
      )}
    </main>
  );
}

function NotConnected() {
  return (
    <main class="panel">
      <section class="empty" data-testid="not-connected">
        <h1>Compare this product everywhere</h1>
        <p>
          Marketlens compares the product on this page with the same product on four other marketplaces:
          landed cost in your currency, rating, seller and how sure the match is. It runs on your Marketlens
          server and is charged to your account there.
        </p>
        <button
          type="button"
          class="primary"
          name="connect"
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          Connect to your Marketlens server
        </button>
      </section>
    </main>
  );
}

function SourceCard({ product }: { product: PageProduct }) {
  const facts = [
    product.brand && `Brand ${product.brand}`,
    product.model && `Model ${product.model}`,
    product.gtin && `GTIN ${product.gtin}`,
    product.variant,
  ].filter(Boolean);
  return (
    <section class="source" data-testid="source">
      {product.imageUrl && <img src={product.imageUrl} alt="" />}
      <div>
        <span class="market">On {MARKETPLACE_NAMES[product.marketplace]}</span>
        <p class="source-title">{product.title}</p>
        {product.price && <strong>{money(product.price.amount, product.price.currency)}</strong>}
        {facts.length > 0 && <p class="muted">{facts.join(" · ")}</p>}
      </div>
    </section>
  );
}

function Results(props: {
  run: ComparisonRun;
  sort: SortKey;
  setSort: (s: SortKey) => void;
  serverUrl: string;
  /** Match titles in the seller's language, where the device translated them. */
  titles: Map<string, string>;
  expand: (pages: number) => void;
}) {
  const { run, sort, setSort } = props;
  if (run.phase === "idle") return null;
  if (run.phase === "refused") return <Refused {...run} serverUrl={props.serverUrl} />;
  const { state } = run;
  const rows = sortRows(state.matches, sort);
  const cheapest = cheapestFairMatch(state.matches);
  return (
    <section class="results" data-phase={run.phase}>
      <div class="bar">
        <fieldset class="sort">
          <legend class="visually-hidden">Sort by</legend>
          {(["landed", "score"] as const).map((key) => (
            <button
              key={key}
              type="button"
              name={`sort-${key}`}
              aria-pressed={sort === key}
              onClick={() => setSort(key)}
            >
              {key === "landed" ? "Landed cost" : "Match score"}
            </button>
          ))}
        </fieldset>
        <Cost state={state} />
      </div>
      <ul class="rows">
        {rows.map((row) => (
          <MatchRowView
            key={`${row.marketplace}:${row.productId}`}
            row={row}
            cheapest={row === cheapest}
            translatedTitle={props.titles.get(row.title)}
          />
        ))}
      </ul>
      <ul class="statuses">
        {marketplaceStatuses(state)
          .filter((s) => s.state !== "matched")
          .map((s) => (
            <li
              key={s.marketplace}
              class={`status ${s.state}`}
              data-testid={`marketplace-${s.state}`}
              data-marketplace={s.marketplace}
            >
              <span class="market">{MARKETPLACE_NAMES[s.marketplace]}</span>{" "}
              {s.state === "searching" && <span class="spinner">searching…</span>}
              {s.state === "none" && "no match found"}
              {s.state === "failed" && (
                <span>
                  failed: {s.message} <code>{s.code}</code>
                </span>
              )}
            </li>
          ))}
      </ul>
      {state.summary?.expand && <Expand quote={state.summary.expand} onClick={props.expand} />}
      <TimingProbe state={state} />
    </section>
  );
}

function Cost({ state }: { state: ComparisonState }) {
  if (!state.summary) return <span class="cost muted">Comparing…</span>;
  const { units, rates } = state.summary;
  return (
    <span class="cost" data-testid="units" data-units={units}>
      {units === 0 ? "From the cache: 0 units" : `Charged ${units} units`} · rates of {rates.asOf}
    </span>
  );
}

/** The deeper comparison, with what it costs at the most said on the button, before any charge. */
function Expand(props: { quote: { pages: number; units: number }; onClick: (pages: number) => void }) {
  const { pages, units } = props.quote;
  return (
    <p class="expand">
      <button
        type="button"
        name="expand"
        data-testid="expand"
        data-pages={pages}
        data-units={units}
        onClick={() => props.onClick(pages)}
      >
        Search deeper ({pages} result pages on each marketplace): up to {units} units
      </button>
      <span class="muted">
        {" "}
        Nothing more is charged until you press it: the deeper comparison makes all its calls again.
      </span>
    </p>
  );
}

/** When each marketplace first answered, for the end-to-end test and for the curious (hidden). */
function TimingProbe({ state }: { state: ComparisonState }) {
  return <span hidden data-testid="first-seen" data-first-seen={JSON.stringify(state.firstSeenMs)} />;
}

function Refused(props: { status: number; code: string; message: string; serverUrl: string }) {
  const dashboard = new URL(props.status === 402 ? "/dashboard/balance" : "/dashboard", props.serverUrl).href;
  return (
    <section class="refused" role="alert" data-testid="refused" data-code={props.code}>
      <p>{props.message}</p>
      {props.status === 401 && (
        <button type="button" class="primary" onClick={() => void browser.runtime.openOptionsPage()}>
          Connect again
        </button>
      )}
      {props.status === 402 && (
        <a class="primary" href={dashboard} target="_blank" rel="noreferrer">
          Top up in the dashboard
        </a>
      )}
    </section>
  );
}
