/** Settings for the options page and the popup: loaded once, saved whole on every change. */
import { useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { loadSettings, type Settings, saveSettings } from "../settings.ts";

export function useSettings(): [Settings | undefined, (change: Partial<Settings>) => Promise<void>] {
  const [settings, setSettings] = useState<Settings>();
  useEffect(() => {
    void loadSettings(browser.storage.local, navigator.language).then(setSettings);
  }, []);
  const update = async (change: Partial<Settings>) => {
    const next = {
      ...(settings ?? (await loadSettings(browser.storage.local, navigator.language))),
      ...change,
    };
    await saveSettings(browser.storage.local, next);
    setSettings(next);
  };
  return [settings, update];
}
