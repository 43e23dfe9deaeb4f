/**
 * One overlay over one page image. The page's DOM is not rewritten: the overlay is an element of a fixed
 * layer at the end of <html>, moved every frame onto the image's content box (scroll, resize, zoom,
 * transforms), carrying `data-marketlens-state` and `data-marketlens-src`. It goes away when the image
 * leaves the document or the page swaps its picture.
 */
import { render } from "preact";
import type { OverlayState, PaintedResult, UiStage } from "../protocol.ts";
import { type PageImage, shownSrc } from "./find-image.ts";
import { boxStyle, contentBox, type ImageBox } from "./image-box.ts";
import { OVERLAY_CSS, OverlayView, type OverlayViewProps, type RetryChoice } from "./overlay-view.tsx";

const LAYER_ID = "marketlens-layer";

function layer(): HTMLElement {
  let el = document.getElementById(LAYER_ID);
  if (!el) {
    el = document.createElement("div");
    el.id = LAYER_ID;
    el.setAttribute(
      "style",
      "all:initial;position:fixed;left:0;top:0;width:0;height:0;overflow:visible;z-index:2147483646;pointer-events:none;",
    );
    document.documentElement.append(el);
  }
  return el;
}

export interface OverlayActions {
  /** Runs the engine again for this image, with the toolbar's font and weight when picked. */
  retry(overlay: ImageOverlay, choice?: RetryChoice): void;
  removed(overlay: ImageOverlay): void;
  /** The page swapped the image's picture (a gallery): the old overlay is gone. */
  swapped(overlay: ImageOverlay, newSrc: string): void;
}

export class ImageOverlay {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private props: Omit<
    OverlayViewProps,
    "onToggle" | "onPeek" | "onCopy" | "onRetry" | "onRetryPanel" | "onDismiss"
  >;
  private texts: PaintedResult["texts"] = [];
  private box: ImageBox | undefined;
  /** The host's last placement, so an unchanged frame writes no style. */
  private placed = "";
  private frame = 0;
  private shownSrc: string;
  /** Set while the image is still loading its real picture: a changing src is then no gallery swap. */
  settling = false;
  jobId = "";
  hovered = false;

  constructor(
    readonly image: PageImage,
    readonly srcUrl: string,
    private readonly actions: OverlayActions,
    toolbarEnabled: boolean,
    retryDefault: RetryChoice,
  ) {
    this.shownSrc = shownSrc(image);
    this.host = document.createElement("div");
    this.host.setAttribute("data-marketlens-src", srcUrl);
    this.host.setAttribute(
      "style",
      "position:fixed;pointer-events:none;overflow:hidden;contain:layout paint;transform-origin:50% 50%;",
    );
    this.root = this.host.attachShadow({ mode: "open" });
    const style = getComputedStyle(image);
    const isImg = image instanceof HTMLImageElement;
    this.props = {
      background: isImg
        ? undefined
        : { size: style.backgroundSize, position: style.backgroundPosition, repeat: style.backgroundRepeat },
      state: "working",
      stage: "reading",
      progress: 0,
      message: "",
      canRetry: true,
      pictureUrl: undefined,
      objectFit: style.objectFit || "fill",
      objectPosition: style.objectPosition || "50% 50%",
      peeking: false,
      toolbar: false,
      copied: false,
      retryPanel: undefined,
      retryDefault,
    };
    this.toolbarEnabled = toolbarEnabled;
    layer().append(this.host);
    this.place();
    this.update({});
    this.frame = requestAnimationFrame(this.follow);
  }

  private readonly toolbarEnabled: boolean;

  get state(): OverlayState {
    return this.props.state;
  }

  get box_(): ImageBox | undefined {
    return this.box;
  }

  private update(change: Partial<typeof this.props>): void {
    this.props = { ...this.props, ...change };
    this.host.setAttribute("data-marketlens-state", this.props.state);
    render(
      <>
        <style>{OVERLAY_CSS}</style>
        <OverlayView
          {...this.props}
          onToggle={() => this.toggle()}
          onPeek={(on) => this.update({ peeking: on })}
          onCopy={() => void this.copy()}
          onRetry={(choice) => {
            this.update({ retryPanel: undefined });
            this.actions.retry(this, choice);
          }}
          onRetryPanel={(retryPanel) => this.update({ retryPanel })}
          onDismiss={() => this.remove()}
        />
      </>,
      this.root,
    );
  }

  private place(): void {
    const box = contentBox(this.image);
    const style = boxStyle(box);
    this.box = box;
    const key = JSON.stringify(style);
    if (key === this.placed) return;
    this.placed = key;
    Object.assign(this.host.style, style);
  }

  private readonly follow = () => {
    if (!this.image.isConnected) {
      this.remove();
      return;
    }
    const src = shownSrc(this.image);
    const complete = !(this.image instanceof HTMLImageElement) || this.image.complete;
    if (src !== this.shownSrc && complete && !this.settling) {
      this.remove();
      this.actions.swapped(this, src);
      return;
    }
    this.place();
    this.frame = requestAnimationFrame(this.follow);
  };

  /** The image settled on its real picture (a lazy loader's, or a load under way): follow that one. */
  settle(): void {
    this.shownSrc = shownSrc(this.image);
    this.settling = false;
  }

  /** Working again (a retry): the ring comes back over the current picture. */
  start(jobId: string): void {
    this.jobId = jobId;
    this.update({ state: "working", stage: "reading", progress: 0, message: "" });
  }

  progress(stage: UiStage, progress: number): void {
    if (this.props.state === "working") this.update({ stage, progress });
  }

  async paint(result: PaintedResult): Promise<void> {
    const url = URL.createObjectURL(new Blob([result.image], { type: result.mime }));
    const probe = new Image();
    probe.src = url;
    await probe.decode();
    if (this.props.pictureUrl) URL.revokeObjectURL(this.props.pictureUrl);
    this.texts = result.texts;
    this.update({ state: "translated", pictureUrl: url, progress: 1 });
  }

  fail(message: string, retry = true): void {
    this.update({ state: "failed", message, canRetry: retry });
  }

  toggle(): void {
    if (this.props.state === "translated") this.update({ state: "original" });
    else if (this.props.state === "original") this.update({ state: "translated" });
  }

  hover(on: boolean): void {
    if (this.hovered === on) return;
    this.hovered = on;
    this.update({ toolbar: on && this.toolbarEnabled, ...(on ? {} : { retryPanel: undefined }) });
  }

  private async copy(): Promise<void> {
    await navigator.clipboard.writeText(this.texts.map((t) => t.translated).join("\n"));
    this.update({ copied: true });
    setTimeout(() => this.update({ copied: false }), 1500);
  }

  remove(): void {
    cancelAnimationFrame(this.frame);
    if (this.props.pictureUrl) URL.revokeObjectURL(this.props.pictureUrl);
    render(null, this.root);
    this.host.remove();
    this.actions.removed(this);
  }
}
