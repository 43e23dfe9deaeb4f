/** The match rows' titles in the seller's language, translated on the device as rows arrive. */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { MatchRow } from "../../../contract/compare.ts";
import { translateMatchTitles } from "../../compare/match-titles.ts";
import { deviceTranslator, embeddedDataLoader } from "../../device-translator.ts";
import { extensionUrl } from "../../extension-url.ts";
import { resultKeySettings, type Settings } from "../../settings.ts";
import { engineSettings } from "../../translate-image.ts";

/** The embedded data is read from the package once per panel, and only when a title needs it. */
const embeddedData = embeddedDataLoader(extensionUrl("/"));

export function useMatchTitles(
  rows: readonly MatchRow[],
  settings: Settings | undefined,
): Map<string, string> {
  const [titles, setTitles] = useState(() => new Map<string, string>());
  // Titles asked for under the current settings, so each is translated once however often rows arrive;
  // a translation that comes back under other settings (another language) is dropped.
  const asked = useRef(new Set<string>());
  const settingsKey = settings ? resultKeySettings(settings) : "";
  const current = useRef(settingsKey);
  const translator = useMemo(
    () => (settings ? deviceTranslator(engineSettings(settings), embeddedData) : undefined),
    [settingsKey],
  );
  useEffect(() => {
    current.current = settingsKey;
    asked.current = new Set();
    setTitles(new Map());
  }, [settingsKey]);
  const pending = rows.map((r) => r.title).filter((t) => !asked.current.has(t));
  useEffect(() => {
    if (!translator || !settings || pending.length === 0) return;
    for (const t of pending) asked.current.add(t);
    const key = settingsKey;
    translator
      .then((t) => translateMatchTitles(pending, t, settings.targetLanguage))
      .then(
        (found) => {
          if (current.current === key && found.size > 0) setTitles((old) => new Map([...old, ...found]));
        },
        // A title the device cannot translate is shown as the marketplace wrote it.
        () => undefined,
      );
  }, [translator, pending.join("\n")]);
  return titles;
}
