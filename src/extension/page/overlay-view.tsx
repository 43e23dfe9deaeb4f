/**
 * What the shopper sees on an image: the progress ring with its stage, the translated picture, the error
 * in words, and the hover toolbar (original/translated, press-and-hold peek, copy text, retry). Rendered
 * with preact into the overlay's shadow root, so the page's styles cannot reach it.
 */
import { BUNDLED_FONTS, FONT_WEIGHTS } from "../../contract/image-translate.ts";
import type { OverlayState, UiStage } from "../protocol.ts";

/** What the toolbar's Retry may change for one image. */
export interface RetryChoice {
  font: (typeof BUNDLED_FONTS)[number];
  fontWeight: (typeof FONT_WEIGHTS)[number];
}

export interface OverlayViewProps {
  state: OverlayState;
  stage: UiStage;
  progress: number;
  message: string;
  /** Whether the error offers Retry (not where trying the same image again cannot help). */
  canRetry: boolean;
  pictureUrl: string | undefined;
  objectFit: string;
  objectPosition: string;
  /** Set for a CSS background image: the picture is painted the way the page paints the original. */
  background: { size: string; position: string; repeat: string } | undefined;
  peeking: boolean;
  toolbar: boolean;
  copied: boolean;
  /** The toolbar's Retry panel is open, with the font and weight it starts from. */
  retryPanel: RetryChoice | undefined;
  /** The font and weight the panel opens with (the settings'). */
  retryDefault: RetryChoice;
  onToggle(): void;
  onPeek(on: boolean): void;
  onCopy(): void;
  /** Runs the engine again: with the panel's choice, or (from an error) with the same settings. */
  onRetry(choice?: RetryChoice): void;
  /** Opens the Retry panel (a choice), changes its choice, or closes it (undefined). */
  onRetryPanel(choice: RetryChoice | undefined): void;
  onDismiss(): void;
}

const STAGE_WORDS: Record<UiStage, string> = {
  reading: "Reading text…",
  translating: "Translating…",
  drawing: "Drawing…",
};

export const OVERLAY_CSS = `
:host { all: initial; }
.picture { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.hidden { visibility: hidden; }
.veil { position: absolute; inset: 0; background: rgba(255,255,255,0.18); display: flex;
  align-items: center; justify-content: center; }
.ring { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 10px 12px;
  border-radius: 12px; background: rgba(20,20,28,0.72); color: #fff; font: 600 12px/1.2 system-ui, sans-serif; }
.ring svg { width: 40px; height: 40px; transform: rotate(-90deg); }
.ring circle { fill: none; stroke-width: 4; }
.error { position: absolute; left: 8px; right: 8px; bottom: 8px; padding: 10px 12px; border-radius: 10px;
  background: rgba(160,20,20,0.92); color: #fff; font: 500 13px/1.35 system-ui, sans-serif;
  display: flex; gap: 8px; align-items: flex-start; pointer-events: auto; }
.error span { flex: 1; }
.tools { position: absolute; top: 6px; right: 6px; left: 6px; display: flex; flex-direction: column;
  align-items: flex-end; gap: 4px; }
.toolbar { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 4px; pointer-events: auto; }
button { all: unset; cursor: pointer; white-space: nowrap; padding: 4px 8px; border-radius: 8px; background: rgba(20,20,28,0.8);
  color: #fff; font: 600 11px/1.2 system-ui, sans-serif; }
button:hover { background: rgba(20,20,28,0.95); }
.retry { display: flex; flex-direction: column; gap: 6px;
  padding: 8px; border-radius: 10px; background: rgba(20,20,28,0.88); color: #fff; pointer-events: auto;
  font: 500 11px/1.2 system-ui, sans-serif; }
.retry label { display: flex; justify-content: space-between; gap: 6px; align-items: center; }
.retry select { font: inherit; }
`;

function Ring({ stage, progress }: { stage: UiStage; progress: number }) {
  const r = 16;
  const length = 2 * Math.PI * r;
  const shown = Math.max(0.06, Math.min(1, progress));
  return (
    <div class="ring" role="progressbar" aria-valuenow={Math.round(shown * 100)} data-stage={stage}>
      <svg viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r={r} stroke="rgba(255,255,255,0.25)" />
        <circle
          cx="20"
          cy="20"
          r={r}
          stroke="#4cc2ff"
          stroke-dasharray={`${length * shown} ${length}`}
          stroke-linecap="round"
        />
      </svg>
      <span>{STAGE_WORDS[stage]}</span>
    </div>
  );
}

export function OverlayView(p: OverlayViewProps) {
  const showPicture = p.state === "translated" && !p.peeking;
  return (
    <>
      {p.pictureUrl && p.background && (
        <div
          class={showPicture ? "picture" : "picture hidden"}
          style={{
            backgroundImage: `url("${p.pictureUrl}")`,
            backgroundSize: p.background.size,
            backgroundPosition: p.background.position,
            backgroundRepeat: p.background.repeat,
          }}
        />
      )}
      {p.pictureUrl && !p.background && (
        <img
          class={showPicture ? "picture" : "picture hidden"}
          src={p.pictureUrl}
          alt=""
          style={{ objectFit: p.objectFit, objectPosition: p.objectPosition }}
        />
      )}
      {p.state === "working" && (
        <div class="veil">
          <Ring stage={p.stage} progress={p.progress} />
        </div>
      )}
      {p.state === "failed" && p.message && (
        <div class="error" role="alert">
          <span>{p.message}</span>
          {p.canRetry && (
            <button type="button" onClick={() => p.onRetry()}>
              Retry
            </button>
          )}
          <button type="button" aria-label="Dismiss" onClick={p.onDismiss}>
            ×
          </button>
        </div>
      )}
      {p.toolbar && (p.state === "translated" || p.state === "original") && (
        <div class="tools">
          <div class="toolbar">
            <button type="button" data-action="toggle" onClick={p.onToggle}>
              {p.state === "translated" ? "Original" : "Translated"}
            </button>
            {p.state === "translated" && (
              <button
                type="button"
                data-action="peek"
                onPointerDown={() => p.onPeek(true)}
                onPointerUp={() => p.onPeek(false)}
                onPointerLeave={() => p.onPeek(false)}
              >
                Hold to peek
              </button>
            )}
            <button type="button" data-action="copy" onClick={p.onCopy}>
              {p.copied ? "Copied" : "Copy text"}
            </button>
            <button
              type="button"
              data-action="retry"
              onClick={() => p.onRetryPanel(p.retryPanel ? undefined : p.retryDefault)}
            >
              Retry…
            </button>
          </div>
          {p.retryPanel && <RetryPanel choice={p.retryPanel} onChange={p.onRetryPanel} onRetry={p.onRetry} />}
        </div>
      )}
    </>
  );
}

/** Retry with another font or weight: the shopper's pick applies to this image only. */
function RetryPanel(p: {
  choice: RetryChoice;
  onChange(choice: RetryChoice): void;
  onRetry(choice: RetryChoice): void;
}) {
  return (
    <div class="retry" role="dialog" aria-label="Retry with another font or weight">
      <label>
        Font
        <select
          name="font"
          value={p.choice.font}
          onChange={(e) => p.onChange({ ...p.choice, font: e.currentTarget.value as RetryChoice["font"] })}
        >
          {BUNDLED_FONTS.map((f) => (
            <option value={f}>{f}</option>
          ))}
        </select>
      </label>
      <label>
        Weight
        <select
          name="fontWeight"
          value={p.choice.fontWeight}
          onChange={(e) =>
            p.onChange({ ...p.choice, fontWeight: e.currentTarget.value as RetryChoice["fontWeight"] })
          }
        >
          {FONT_WEIGHTS.map((w) => (
            <option value={w}>{w === "auto" ? "Automatic" : w}</option>
          ))}
        </select>
      </label>
      <button type="button" data-action="retry-go" onClick={() => p.onRetry(p.choice)}>
        Translate again
      </button>
    </div>
  );
}
