import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type Session, setCsrfToken } from "./api.ts";
import { ForgotPage, ResetPage, SignInPage } from "./auth-pages.tsx";
import { BalancePage } from "./balance-page.tsx";
import { ConnectPage } from "./connect-page.tsx";
import { ExtensionsPage } from "./extensions-page.tsx";
import { FontsPage } from "./fonts-page.tsx";
import { KeysPage } from "./keys-page.tsx";
import { navigate, onLink, usePath } from "./router.ts";

const SECTIONS = [
  { path: "/dashboard/keys", label: "API keys", icon: "⚿" },
  { path: "/dashboard/balance", label: "Balance and usage", icon: "◔" },
  { path: "/dashboard/fonts", label: "Fonts", icon: "Aa" },
  { path: "/dashboard/extensions", label: "Connected extensions", icon: "⧉" },
] as const;

const PUBLIC = new Set(["/dashboard/login", "/dashboard/signup", "/dashboard/forgot", "/dashboard/reset"]);

/** Where to go after signing in: only a dashboard path of this site. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get("next");
  return next && /^\/dashboard\/[^/]/.test(next) && !next.startsWith("//") ? next : "/dashboard/keys";
}

export function App() {
  const path = usePath();
  const [session, setSession] = useState<Session | null | undefined>(undefined);

  const loadSession = async () => {
    try {
      const s = await api<Session>("GET", "/session");
      setCsrfToken(s.csrfToken);
      setSession(s);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) setSession(null);
      else throw caught;
    }
  };
  useEffect(() => {
    void loadSession();
  }, []);

  const normalized =
    path === "/" || path === "/dashboard" || path === "/dashboard/" ? "/dashboard/keys" : path;
  useEffect(() => {
    if (normalized !== path) history.replaceState(null, "", normalized + location.search);
  }, [normalized, path]);

  if (session === undefined) return <div class="loading" aria-busy="true" />;

  if (PUBLIC.has(normalized)) {
    if (normalized === "/dashboard/forgot") return <ForgotPage />;
    if (normalized === "/dashboard/reset") return <ResetPage />;
    if (session) {
      queueMicrotask(() => navigate(nextPath()));
      return <div class="loading" aria-busy="true" />;
    }
    return (
      <SignInPage
        mode={normalized === "/dashboard/signup" ? "signup" : "login"}
        onSignedIn={async () => {
          await loadSession();
          navigate(nextPath());
        }}
      />
    );
  }

  if (!session) {
    queueMicrotask(() =>
      navigate(`/dashboard/login?${new URLSearchParams({ next: normalized + location.search }).toString()}`),
    );
    return <div class="loading" aria-busy="true" />;
  }

  if (normalized === "/dashboard/connect") return <ConnectPage email={session.email} />;

  async function signOut() {
    await api("POST", "/logout").catch(() => {});
    setSession(null);
    navigate("/dashboard/login");
  }

  const page =
    normalized === "/dashboard/balance" ? (
      <BalancePage />
    ) : normalized === "/dashboard/fonts" ? (
      <FontsPage />
    ) : normalized === "/dashboard/extensions" ? (
      <ExtensionsPage />
    ) : (
      <KeysPage />
    );

  return (
    <div class="layout">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <aside class="sidebar">
        <div class="brand">
          <span class="brand-mark" aria-hidden="true">
            ML
          </span>
          Marketlens
        </div>
        <nav aria-label="Dashboard">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.path}>
                <a
                  href={s.path}
                  onClick={onLink}
                  class={normalized === s.path ? "active" : ""}
                  aria-current={normalized === s.path ? "page" : undefined}
                >
                  <span class="nav-icon" aria-hidden="true">
                    {s.icon}
                  </span>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          <span class="account-email" title={session.email}>
            {session.email}
          </span>
          <button type="button" class="button ghost small" onClick={signOut}>
            Sign out
          </button>
        </div>
      </aside>
      <main id="main" class="content">
        {page}
      </main>
    </div>
  );
}
