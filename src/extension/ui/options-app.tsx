/**
 * The options page: target language, translator (with the browser's built-in Translator API state and
 * its language-pack download), font and weight, glossary and never-translate words, auto-translate
 * sites, cache size and "clear", what runs where, and the connection to a Marketlens server.
 */
import { useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { BUNDLED_FONTS, FONT_WEIGHTS } from "../../contract/image-translate.ts";
import {
  type Availability,
  createBuiltInTranslatorClient,
} from "../../translate/browser/built-in-translator.ts";
import { TARGET_LANGS, type TargetLang } from "../../translate/languages.ts";
import { extensionUrl } from "../extension-url.ts";
import type { EngineStatus } from "../protocol.ts";
import { connectUrl, normaliseServerUrl, PENDING_KEY, randomState } from "../server-connection.ts";
import type { Settings } from "../settings.ts";
import { useSettings } from "./use-settings.ts";

const LANGUAGE_NAMES: Record<TargetLang, string> = {
  ko: "Korean (한국어)",
  en: "English",
  ja: "Japanese (日本語)",
  "zh-CN": "Chinese, simplified (简体中文)",
  "zh-TW": "Chinese, traditional (繁體中文)",
};

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

function TranslatorSection({ s, update }: { s: Settings; update: (c: Partial<Settings>) => void }) {
  const [availability, setAvailability] = useState<Availability | "checking">("checking");
  const [download, setDownload] = useState<number | undefined>();
  const client = createBuiltInTranslatorClient();
  const source = s.targetLanguage === "zh-CN" || s.targetLanguage === "zh-TW" ? "ja" : "zh";
  useEffect(() => {
    void client.availability(source, s.targetLanguage).then(setAvailability);
  }, [s.targetLanguage]);
  return (
    <fieldset>
      <legend>Translation</legend>
      <label>
        Translate into{" "}
        <select
          name="targetLanguage"
          value={s.targetLanguage}
          onChange={(e) => update({ targetLanguage: e.currentTarget.value as TargetLang })}
        >
          {TARGET_LANGS.map((l) => (
            <option value={l}>{LANGUAGE_NAMES[l]}</option>
          ))}
        </select>
      </label>
      <label>
        Translator{" "}
        <select
          name="translator"
          value={s.translator}
          onChange={(e) => update({ translator: e.currentTarget.value as Settings["translator"] })}
        >
          <option value="auto">
            Automatic (browser's built-in where it can, else the one in Marketlens)
          </option>
          <option value="embedded">Marketlens's own offline translator</option>
          <option value="browser">The browser's built-in translator</option>
          <option value="server" disabled={!s.server}>
            My Marketlens server{s.server ? "" : " (connect one below)"}
          </option>
        </select>
      </label>
      <p class="hint" data-built-in={availability}>
        Browser's built-in translator ({source} → {s.targetLanguage}):{" "}
        {availability === "unavailable"
          ? "not available in this browser; Marketlens's own translator is used."
          : availability === "available"
            ? "ready."
            : availability === "checking"
              ? "checking…"
              : `language pack ${availability}${download !== undefined ? ` (${Math.round(download * 100)}%)` : ""}.`}
        {availability === "downloadable" && (
          <button
            type="button"
            onClick={() =>
              void client
                .prepare(source, s.targetLanguage, setDownload)
                .then(() => setAvailability("available"))
                .catch(() => setAvailability("unavailable"))
            }
          >
            Download
          </button>
        )}
      </p>
      <label>
        Glossary (one <code>source=translation</code> per line, used by every translator)
        <textarea
          name="glossary"
          rows={4}
          value={s.glossary.map((g) => `${g.source}=${g.target}`).join("\n")}
          onChange={(e) =>
            update({
              glossary: e.currentTarget.value
                .split("\n")
                .map((l) => l.split("="))
                .filter((p) => p.length === 2 && p[0]!.trim())
                .map(([a, b]) => ({ source: a!.trim(), target: b!.trim() })),
            })
          }
        />
      </label>
      <label>
        Never translate (brand names, model numbers; one per line)
        <textarea
          name="neverTranslate"
          rows={3}
          value={s.neverTranslate.join("\n")}
          onChange={(e) => update({ neverTranslate: lines(e.currentTarget.value) })}
        />
      </label>
    </fieldset>
  );
}

function LookSection({ s, update }: { s: Settings; update: (c: Partial<Settings>) => void }) {
  return (
    <fieldset>
      <legend>Pictures</legend>
      <label>
        Font{" "}
        <select
          name="font"
          value={s.font}
          onChange={(e) => update({ font: e.currentTarget.value as Settings["font"] })}
        >
          {BUNDLED_FONTS.map((f) => (
            <option value={f}>{f}</option>
          ))}
        </select>
      </label>
      <label>
        Weight{" "}
        <select
          name="fontWeight"
          value={s.fontWeight}
          onChange={(e) => update({ fontWeight: e.currentTarget.value as Settings["fontWeight"] })}
        >
          {FONT_WEIGHTS.map((w) => (
            <option value={w}>{w === "auto" ? "auto (follow the picture)" : w}</option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          name="hoverToolbar"
          checked={s.hoverToolbar}
          onChange={(e) => update({ hoverToolbar: e.currentTarget.checked })}
        />{" "}
        Show the toolbar when hovering a translated image
      </label>
      <label>
        Auto-translate new product images on these sites (one per line; none by default)
        <textarea
          name="autoTranslateSites"
          rows={3}
          value={s.autoTranslateSites.join("\n")}
          onChange={(e) => update({ autoTranslateSites: lines(e.currentTarget.value) })}
        />
      </label>
    </fieldset>
  );
}

function DeviceSection({ s, update }: { s: Settings; update: (c: Partial<Settings>) => void }) {
  const [status, setStatus] = useState<{
    engine: EngineStatus | null;
    cache: { entries: number; bytes: number };
  }>();
  const refresh = () =>
    void browser.runtime.sendMessage({ type: "status" }).then((r) => setStatus(r as typeof status));
  useEffect(refresh, []);
  return (
    <fieldset>
      <legend>On this device</legend>
      <p data-testid="runs-where">
        {status?.engine
          ? `Engine: ${status.engine.where}, ${status.engine.backend}, ${status.engine.threads} thread(s); models ${status.engine.modelsLoaded ? "loaded" : "not loaded yet"}; ${status.engine.imagesTranslated} image(s) translated${status.engine.memoryMB ? `; ${status.engine.memoryMB} MB of script memory` : ""}.`
          : "Engine: not running (it starts with the first image and stops after a few idle minutes). Reading (PP-OCR, tesseract) and drawing run on this device; nothing is downloaded."}
      </p>
      <label>
        Run the reading models on{" "}
        <select
          name="engineBackend"
          value={s.engineBackend}
          onChange={(e) => update({ engineBackend: e.currentTarget.value as Settings["engineBackend"] })}
        >
          <option value="auto">
            auto (the graphics card with WebGPU when there is one, else the processor)
          </option>
          <option value="webgpu">WebGPU, even a software one</option>
          <option value="wasm">the processor (WebAssembly)</option>
        </select>
      </label>
      <label>
        Cache size (MB){" "}
        <input
          type="number"
          name="cacheMegabytes"
          min={10}
          max={4096}
          value={s.cacheMegabytes}
          onChange={(e) => update({ cacheMegabytes: Number(e.currentTarget.value) || s.cacheMegabytes })}
        />
      </label>
      <p>
        Cached pictures: {status?.cache.entries ?? 0} ({((status?.cache.bytes ?? 0) / 1048576).toFixed(1)} MB){" "}
        <button
          type="button"
          name="clearCache"
          onClick={() => void browser.runtime.sendMessage({ type: "cache:clear" }).then(refresh)}
        >
          Clear
        </button>
      </p>
    </fieldset>
  );
}

function ServerSection({ s, update }: { s: Settings; update: (c: Partial<Settings>) => void }) {
  const [url, setUrl] = useState(s.server?.url ?? "");
  const [error, setError] = useState("");
  const connect = async () => {
    const server = normaliseServerUrl(url);
    if (!server) {
      setError("Enter the address of your Marketlens server, e.g. https://lens.example.com");
      return;
    }
    const state = randomState();
    await browser.storage.local.set({ [PENDING_KEY]: { url: server, state } });
    const device = `${navigator.userAgent.includes("Firefox") ? "Firefox" : "Chrome"} on ${navigator.platform}`;
    await browser.tabs.create({ url: connectUrl(server, extensionUrl("/connect.html"), state, device) });
  };
  return (
    <fieldset>
      <legend>Marketlens server</legend>
      {s.server ? (
        <p data-testid="connected">
          Connected to {s.server.url}
          {s.server.email ? ` as ${s.server.email}` : ""} since{" "}
          {new Date(s.server.connectedAt).toLocaleString()}.{" "}
          <button
            type="button"
            name="disconnect"
            onClick={() =>
              void update({ server: null, translator: s.translator === "server" ? "auto" : s.translator })
            }
          >
            Disconnect
          </button>
        </p>
      ) : (
        <p>
          Optional. Connect your account to use the server's translators; until then nothing leaves this
          device. No API key is ever stored here.
          <br />
          <input
            name="serverUrl"
            placeholder="https://lens.example.com"
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />{" "}
          <button type="button" name="connect" onClick={() => void connect()}>
            Connect
          </button>
          {error && <span role="alert"> {error}</span>}
        </p>
      )}
    </fieldset>
  );
}

export function OptionsApp() {
  const [settings, update] = useSettings();
  if (!settings) return <p>Loading…</p>;
  const change = (c: Partial<Settings>) => void update(c);
  return (
    <main>
      <h1>Marketlens</h1>
      <TranslatorSection s={settings} update={change} />
      <LookSection s={settings} update={change} />
      <DeviceSection s={settings} update={change} />
      <ServerSection s={settings} update={change} />
    </main>
  );
}
