/**
 * The product of the tab the panel is looking at. The real side panel follows the active tab of its
 * window (switching tabs or navigating reads again); opened as a page with `?tabId=N` (the tests, and a
 * browser without a side panel) it stays on that tab.
 */
import { useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { READ_PRODUCT } from "../../page/product-read-listener.ts";
import type { PageReading } from "../../page/readers/index.ts";

export type TabReading =
  | { state: "reading" }
  | { state: "unreadable"; message: string }
  | { state: "read"; tabId: number; reading: PageReading };

async function readTab(tabId: number): Promise<TabReading> {
  const reading = (await browser.tabs
    .sendMessage(tabId, { type: READ_PRODUCT }, { frameId: 0 })
    .catch(() => undefined)) as PageReading | undefined;
  if (!reading)
    return {
      state: "unreadable",
      message: "This page cannot be read (a browser page, or it is still loading).",
    };
  return { state: "read", tabId, reading };
}

export function usePageProduct(): [TabReading, () => void] {
  const fixed = Number(new URLSearchParams(location.search).get("tabId")) || undefined;
  const [tabId, setTabId] = useState<number | undefined>(fixed);
  const [reading, setReading] = useState<TabReading>({ state: "reading" });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (fixed) return undefined;
    const follow = () =>
      void browser.tabs.query({ active: true, currentWindow: true }).then(([t]) => setTabId(t?.id));
    follow();
    browser.tabs.onActivated.addListener(follow);
    return () => browser.tabs.onActivated.removeListener(follow);
  }, [fixed]);

  useEffect(() => {
    if (tabId === undefined) return undefined;
    const onUpdated = (id: number, change: { status?: string }) => {
      if (id === tabId && change.status === "complete") setRound((n) => n + 1);
    };
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => browser.tabs.onUpdated.removeListener(onUpdated);
  }, [tabId]);

  useEffect(() => {
    if (tabId === undefined) return;
    let live = true;
    setReading({ state: "reading" });
    void readTab(tabId).then((r) => live && setReading(r));
    return () => {
      live = false;
    };
  }, [tabId, round]);

  return [reading, () => setRound((n) => n + 1)];
}
