/** The toolbar popup: translate every image of this page, auto-translate on this site, target language. */
import { useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { TARGET_LANGS, type TargetLang } from "../../translate/languages.ts";
import { openComparePanel } from "../open-compare-panel.ts";
import { useSettings } from "./use-settings.ts";

export function PopupApp() {
  const [settings, update] = useSettings();
  const [tab, setTab] = useState<{ id: number; host: string; windowId: number }>();
  const [note, setNote] = useState("");
  useEffect(() => {
    void browser.tabs.query({ active: true, currentWindow: true }).then(([t]) => {
      if (t?.id !== undefined && t.url) {
        try {
          setTab({ id: t.id, host: new URL(t.url).hostname, windowId: t.windowId });
        } catch {
          // a tab without a URL we can read
        }
      }
    });
  }, []);
  if (!settings) return <p>Loading…</p>;
  const auto = !!tab && settings.autoTranslateSites.includes(tab.host);
  return (
    <div class="popup">
      <button
        type="button"
        name="compare"
        disabled={!tab}
        onClick={() =>
          tab &&
          void openComparePanel(tab)
            .then(() => window.close())
            .catch(() => setNote("The comparison panel could not be opened."))
        }
      >
        Compare on other marketplaces
      </button>
      <button
        type="button"
        name="translateAll"
        disabled={!tab}
        onClick={() =>
          tab &&
          void browser.runtime
            .sendMessage({ type: "translate-page", tabId: tab.id })
            .then(() => setNote("Translating the images on this page…"))
            .catch(() => setNote("This page cannot be translated."))
        }
      >
        Translate all images on this page
      </button>
      <label>
        <input
          type="checkbox"
          name="autoTranslate"
          checked={auto}
          disabled={!tab}
          onChange={(e) => {
            if (!tab) return;
            const sites = settings.autoTranslateSites.filter((h) => h !== tab.host);
            void update({ autoTranslateSites: e.currentTarget.checked ? [...sites, tab.host] : sites });
          }}
        />{" "}
        Auto-translate on {tab?.host ?? "this site"}
      </label>
      <label>
        Into{" "}
        <select
          name="targetLanguage"
          value={settings.targetLanguage}
          onChange={(e) => void update({ targetLanguage: e.currentTarget.value as TargetLang })}
        >
          {TARGET_LANGS.map((l) => (
            <option value={l}>{l}</option>
          ))}
        </select>
      </label>
      {note && <p>{note}</p>}
      <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
        Settings
      </button>
    </div>
  );
}
