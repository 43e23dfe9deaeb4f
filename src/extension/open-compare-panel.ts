/**
 * Opens the comparison panel from a click in the popup (both browsers want a user gesture): Chrome's
 * side panel for the window, Firefox's sidebar. Where neither exists, the panel opens in a tab for the
 * page's tab (`sidepanel.html?tabId=N`).
 */
import { browser } from "wxt/browser";
import { extensionUrl } from "./extension-url.ts";

interface PanelApis {
  sidePanel?: { open(options: { windowId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

export async function openComparePanel(tab: { id: number; windowId: number }): Promise<void> {
  const apis = browser as unknown as PanelApis;
  if (apis.sidePanel) return apis.sidePanel.open({ windowId: tab.windowId });
  if (apis.sidebarAction) return apis.sidebarAction.open();
  await browser.tabs.create({
    url: extensionUrl(`/sidepanel.html?tabId=${tab.id}`),
  });
}
