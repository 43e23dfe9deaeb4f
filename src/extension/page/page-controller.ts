/**
 * The content script's work: remembers which element was right-clicked, answers the background's overlay
 * messages, and runs "translate all images" and per-site auto-translate (visible images first, work
 * cancelled for images that leave the viewport, tiny images skipped).
 */
import { browser } from "wxt/browser";
import {
  type BackgroundMessage,
  type ContentMessage,
  ContentMessageSchema,
  type StartReply,
} from "../protocol.ts";
import { loadSettings, type Settings } from "../settings.ts";
import {
  backgroundUnder,
  backgroundUrl,
  findImage,
  imageCandidates,
  type PageImage,
  settled,
  shownSrc,
} from "./find-image.ts";
import { ImageOverlay } from "./image-overlay.tsx";
import type { RetryChoice } from "./overlay-view.tsx";

export class PageController {
  private lastRightClicked: Element | undefined;
  private readonly overlays = new Map<PageImage, ImageOverlay>();
  private readonly byJob = new Map<string, ImageOverlay>();
  private settings: Settings | undefined;
  private pageMode: { observer: IntersectionObserver; mutations: MutationObserver } | undefined;
  /** Pictures an element showed translated: swapping back to one repaints it (from the cache). */
  private readonly translatedSrcs = new WeakMap<PageImage, Set<string>>();

  async start(): Promise<void> {
    document.addEventListener("contextmenu", (e) => (this.lastRightClicked = e.target as Element), true);
    document.addEventListener("pointermove", (e) => this.hover(e.clientX, e.clientY), { passive: true });
    browser.runtime.onMessage.addListener((raw, _sender, sendResponse) => {
      const parsed = ContentMessageSchema.safeParse(raw);
      if (!parsed.success) return undefined;
      this.handle(parsed.data).then(sendResponse, (error) =>
        sendResponse({ ok: false, painted: false, message: String(error) }),
      );
      return true;
    });
    this.settings = await loadSettings(browser.storage.local, navigator.language);
    if (this.settings.autoTranslateSites.includes(location.hostname)) this.translateAll();
  }

  private async handle(message: ContentMessage): Promise<unknown> {
    switch (message.type) {
      case "overlay:start":
        return this.startOverlay(message.srcUrl, message.jobId);
      case "overlay:progress":
        this.byJob.get(message.jobId)?.progress(message.stage, message.progress);
        return { ok: true };
      case "overlay:paint": {
        const overlay = this.byJob.get(message.jobId);
        if (!overlay) return { painted: false, message: "the image left the page" };
        await overlay.paint(message.result);
        this.rememberTranslated(overlay);
        return { painted: true };
      }
      case "overlay:fail": {
        const overlay = this.byJob.get(message.jobId);
        if (overlay && message.message) overlay.fail(message.message, message.retry);
        else overlay?.remove();
        return { ok: true };
      }
      case "overlay:toggle": {
        const img = findImage(message.srcUrl, this.lastRightClicked);
        if (img) this.overlays.get(img)?.toggle();
        return { ok: true };
      }
      case "pointer:background": {
        const el = backgroundUnder(this.lastRightClicked);
        return { srcUrl: el ? backgroundUrl(el) : undefined };
      }
      case "page:translate-all":
        this.translateAll();
        return { ok: true };
      case "page:cancel-all":
        this.stopPageMode();
        return { ok: true };
    }
  }

  private async startOverlay(srcUrl: string, jobId: string): Promise<StartReply> {
    const img = findImage(srcUrl, this.lastRightClicked);
    if (!img)
      return {
        ok: false,
        message: "This image is no longer on the page. Right-click it again to translate it.",
      };
    let overlay = this.overlays.get(img);
    if (overlay) this.byJob.delete(overlay.jobId);
    else {
      overlay = new ImageOverlay(img, srcUrl, this.overlayActions, this.settings?.hoverToolbar ?? true, {
        font: this.settings?.font ?? "Pretendard",
        fontWeight: this.settings?.fontWeight ?? "auto",
      });
      this.overlays.set(img, overlay);
    }
    overlay.start(jobId);
    this.byJob.set(jobId, overlay);
    overlay.settling = true;
    await settled(img);
    overlay.settle();
    const rect = img.getBoundingClientRect();
    return {
      ok: true,
      candidates: imageCandidates(img, srcUrl),
      pageUrl: location.href,
      box: { width: rect.width, height: rect.height },
    };
  }

  private readonly overlayActions = {
    retry: (overlay: ImageOverlay, choice?: RetryChoice) =>
      this.send({
        type: "translate",
        srcUrl: overlay.srcUrl,
        retry: true,
        ...(choice ? { retryWith: choice } : {}),
      }),
    removed: (overlay: ImageOverlay) => {
      if (this.overlays.get(overlay.image) === overlay) this.overlays.delete(overlay.image);
      this.byJob.delete(overlay.jobId);
    },
    // A gallery swapped the picture: the old translation is gone with its overlay; the new picture is
    // translated (painted at once when cached) unless the shopper had turned this image back to original.
    swapped: (overlay: ImageOverlay, newSrc: string) => {
      if (overlay.state === "working") this.send({ type: "cancel", srcUrl: overlay.srcUrl });
      const known = this.translatedSrcs.get(overlay.image)?.has(newSrc);
      const wanted = overlay.state === "translated" || overlay.state === "working";
      if (known || wanted || this.pageMode) this.request(overlay.image);
    },
  };

  private rememberTranslated(overlay: ImageOverlay): void {
    const set = this.translatedSrcs.get(overlay.image) ?? new Set<string>();
    this.translatedSrcs.set(overlay.image, set);
    set.add(shownSrc(overlay.image));
  }

  private send(message: BackgroundMessage): void {
    void browser.runtime.sendMessage(message).catch(() => undefined);
  }

  private request(img: PageImage): void {
    const src = shownSrc(img);
    if (src) this.send({ type: "translate", srcUrl: src, quiet: true });
  }

  private hover(x: number, y: number): void {
    for (const overlay of this.overlays.values()) {
      const b = overlay.box_;
      overlay.hover(
        !!b && b.visible && x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height,
      );
    }
  }

  /** Translate all images: visible first, then as they scroll into view. */
  translateAll(): void {
    if (this.pageMode) return;
    const min = this.settings?.minImageSize ?? 80;
    const big = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return (
        r.width >= min &&
        r.height >= min &&
        (img.naturalWidth === 0 || (img.naturalWidth >= min && img.naturalHeight >= min))
      );
    };
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const img = entry.target as HTMLImageElement;
        const overlay = this.overlays.get(img);
        if (entry.isIntersecting) {
          if (!overlay && big(img)) this.request(img);
        } else if (overlay?.state === "working") {
          this.send({ type: "cancel", srcUrl: overlay.srcUrl });
          overlay.remove();
        }
      }
    });
    for (const img of Array.from(document.images)) observer.observe(img);
    const mutations = new MutationObserver((records) => {
      for (const r of records)
        for (const node of Array.from(r.addedNodes)) {
          if (node instanceof HTMLImageElement) observer.observe(node);
          else if (node instanceof Element)
            for (const img of Array.from(node.querySelectorAll("img"))) observer.observe(img);
        }
    });
    mutations.observe(document.documentElement, { childList: true, subtree: true });
    this.pageMode = { observer, mutations };
  }

  stopPageMode(): void {
    this.pageMode?.observer.disconnect();
    this.pageMode?.mutations.disconnect();
    this.pageMode = undefined;
  }
}
