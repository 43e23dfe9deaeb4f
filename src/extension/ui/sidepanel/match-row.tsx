/** One match in the side panel: picture, title, what it costs landed, how sure the match is and why. */
import type { MatchEvidence, MatchRow } from "../../../contract/compare.ts";
import { MARKETPLACE_NAMES, money, percent } from "./format.ts";

function shippingText(row: MatchRow): string {
  if (row.evidence.shipping === "free") return "free shipping";
  if (row.evidence.shipping === "unknown") return "shipping not stated";
  const shipping = row.landed.amount - row.price.amount;
  return row.landed.currency === row.price.currency && shipping > 0
    ? `+ ${money(shipping, row.price.currency)} shipping`
    : "+ shipping (in the landed cost)";
}

const AGREEMENT = { same: "✓", different: "✗", unknown: "?" } as const;

function Evidence({ e }: { e: MatchEvidence }) {
  const chips: Array<[string, string, string]> = [
    [
      "image",
      e.image === null ? "picture ?" : `picture ${percent(e.image)}`,
      e.image !== null && e.image >= 0.7 ? "good" : "",
    ],
    ["title", `title ${percent(e.title)}`, e.title >= 0.5 ? "good" : ""],
    [
      "brand",
      `brand ${AGREEMENT[e.brand]}`,
      e.brand === "same" ? "good" : e.brand === "different" ? "bad" : "",
    ],
    [
      "model",
      `model ${AGREEMENT[e.model]}`,
      e.model === "same" ? "good" : e.model === "different" ? "bad" : "",
    ],
    ["gtin", `GTIN ${AGREEMENT[e.gtin]}`, e.gtin === "same" ? "good" : e.gtin === "different" ? "bad" : ""],
  ];
  return (
    <ul class="evidence" aria-label="Match evidence">
      {chips.map(([key, text, tone]) => (
        <li key={key} class={`chip ${tone}`}>
          {text}
        </li>
      ))}
    </ul>
  );
}

function scoreTone(score: number): string {
  return score >= 0.85 ? "high" : score >= 0.5 ? "mid" : "low";
}

export function MatchRowView(props: { row: MatchRow; cheapest: boolean; translatedTitle?: string }) {
  const { row, cheapest, translatedTitle } = props;
  return (
    <li
      class={`row${cheapest ? " cheapest" : ""}`}
      data-testid="match-row"
      data-marketplace={row.marketplace}
      data-cheapest={cheapest ? "true" : "false"}
      data-product-id={row.productId}
      data-score={row.score}
      data-landed={row.landed.amount}
      data-warnings={row.warnings.map((w) => w.code).join(" ")}
    >
      <a class="thumb" href={row.url} target="_blank" rel="noreferrer">
        {row.imageUrl ? <img src={row.imageUrl} alt="" loading="lazy" /> : <span class="noimg" />}
      </a>
      <div class="body">
        <div class="line1">
          <span class="market">{MARKETPLACE_NAMES[row.marketplace]}</span>
          {cheapest && <span class="badge best">Cheapest fair match</span>}
          <span
            class={`score ${scoreTone(row.score)}`}
            title="Calibrated: 90% means about 9 in 10 such matches are right"
          >
            {percent(row.score)} match
          </span>
        </div>
        <a
          class="title"
          href={row.url}
          target="_blank"
          rel="noreferrer"
          title={row.title}
          data-testid="match-title"
          data-original={row.title}
          data-translated={translatedTitle ? "true" : "false"}
        >
          {translatedTitle ?? row.title}
        </a>
        {translatedTitle && <span class="original muted">{row.title}</span>}
        <div class="prices">
          <strong class="landed" data-testid="landed">
            {money(row.landed.amount, row.landed.currency)}
          </strong>
          <span class="muted">
            {money(row.price.amount, row.price.currency)} · {shippingText(row)}
          </span>
        </div>
        <div class="facts muted">
          {row.rating && row.rating.count > 0 && (
            <span>
              ★ {row.rating.average.toFixed(1)} ({row.rating.count.toLocaleString()})
            </span>
          )}
          {row.seller && <span>{row.seller}</span>}
          {row.inStock !== undefined && (
            <span class={row.inStock ? "" : "bad-text"}>{row.inStock ? "in stock" : "out of stock"}</span>
          )}
        </div>
        <Evidence e={row.evidence} />
        {row.warnings.length > 0 && (
          <ul class="warnings">
            {row.warnings.map((w) => (
              <li key={w.code} class="warning" data-warning={w.code}>
                ⚠ {w.message}
                {w.code === "pack-size" && row.evidence.unitPriceRatio !== null
                  ? ` (price per unit ×${row.evidence.unitPriceRatio.toFixed(2)})`
                  : ""}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
