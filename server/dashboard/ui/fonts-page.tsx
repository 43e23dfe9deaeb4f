import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api.ts";
import { Card, ConfirmDialog, Empty, Notice } from "./widgets.tsx";

/** The spec's User font object, as i13-fonts' API at /dashboard/api/fonts serves it. */
interface UserFont {
  id: string;
  ref: string;
  displayName: string;
  family: string;
  weight: number;
  italic: boolean;
  format: string;
  glyphCoverage: Record<string, boolean>;
}

export function FontsPage() {
  const [fonts, setFonts] = useState<UserFont[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<UserFont | null>(null);

  const load = async () => {
    try {
      const result = await api<UserFont[] | { fonts: UserFont[] }>("GET", "/fonts");
      setFonts(Array.isArray(result) ? result : result.fonts);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setUnavailable(true);
      else throw caught;
    }
  };
  useEffect(() => {
    void load();
  }, []);

  async function upload(event: Event) {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    setBusy(true);
    setError("");
    try {
      await api("POST", "/fonts", new FormData(formElement));
      formElement.reset();
      await load();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The server could not be reached.");
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!deleting) return;
    const font = deleting;
    setDeleting(null);
    await api("DELETE", `/fonts/${font.id}`);
    await load();
  }

  return (
    <>
      <header class="page-head">
        <h1>Fonts</h1>
        <p class="muted">
          Your own fonts for translated images: pass <code>font=user/&lt;id&gt;</code> to image-translate.
        </p>
      </header>
      {unavailable ? (
        <Notice kind="warn">Custom fonts are not enabled on this server.</Notice>
      ) : (
        <>
          <Card title="Upload a font">
            <form class="form grid-form" onSubmit={upload}>
              <label class="field">
                <span>Font file (TTF, OTF or WOFF2, at most 10 MiB)</span>
                <input
                  name="file"
                  type="file"
                  accept=".ttf,.otf,.woff2,font/ttf,font/otf,font/woff2"
                  required
                />
              </label>
              <label class="field">
                <span>Display name</span>
                <input name="displayName" required maxLength={100} placeholder="e.g. Brand headline" />
              </label>
              {error && <Notice kind="error">{error}</Notice>}
              <div class="form-actions">
                <button class="button primary" type="submit" disabled={busy}>
                  {busy ? "Checking the font…" : "Upload"}
                </button>
              </div>
            </form>
          </Card>
          <Card title="Your fonts">
            {fonts === null ? (
              <p class="muted">Loading…</p>
            ) : fonts.length === 0 ? (
              <Empty>No fonts yet.</Empty>
            ) : (
              <ul class="font-grid">
                {fonts.map((font) => {
                  const scripts = Object.entries(font.glyphCoverage)
                    .filter(([, covered]) => covered)
                    .map(([script]) => script);
                  return (
                    <li key={font.id} class="font-card">
                      <div class="font-head">
                        <h3>{font.displayName}</h3>
                        <button
                          type="button"
                          class="button danger small"
                          aria-label={`Delete font ${font.displayName}`}
                          onClick={() => setDeleting(font)}
                        >
                          Delete
                        </button>
                      </div>
                      <p class="muted">
                        {font.family} · {font.weight}
                        {font.italic ? " italic" : ""} · {font.format.toUpperCase()} · <code>{font.ref}</code>
                      </p>
                      <div class="chips">
                        {scripts.map((s) => (
                          <span class="chip" key={s}>
                            {s}
                          </span>
                        ))}
                      </div>
                      {scripts.map((script) => (
                        <img
                          key={script}
                          class="font-preview"
                          src={`/dashboard/api/fonts/${encodeURIComponent(font.id)}/preview?script=${script}`}
                          alt={`${font.displayName}: sample ${script} text`}
                          loading="lazy"
                        />
                      ))}
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this font?"
        confirmLabel="Delete font"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <p>
          “{deleting?.displayName}” stops working at once: translations naming <code>{deleting?.ref}</code>{" "}
          answer FONT_NOT_READY.
        </p>
      </ConfirmDialog>
    </>
  );
}
