import { useState } from "preact/hooks";
import { ApiError, api } from "./api.ts";
import { navigate, onLink } from "./router.ts";
import { Notice } from "./widgets.tsx";

interface Signed {
  accountId: string;
  csrfToken: string;
}

function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: preact.ComponentChildren;
}) {
  return (
    <main class="auth">
      <div class="auth-card">
        <div class="brand brand-large">
          <span class="brand-mark" aria-hidden="true">
            ML
          </span>
          Marketlens
        </div>
        <h1>{title}</h1>
        <p class="muted">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}

/** Sign in or sign up; `then` is where to go afterwards (the consent page sends people back to itself). */
export function SignInPage({
  mode,
  onSignedIn,
}: {
  mode: "login" | "signup";
  onSignedIn: (s: Signed) => void;
}) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const signup = mode === "signup";
  const query = location.search;

  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError("");
    try {
      const body: Record<string, string> = {
        email: String(form.get("email")),
        password: String(form.get("password")),
      };
      const invite = form.get("inviteCode");
      if (invite) body.inviteCode = String(invite);
      onSignedIn(await api<Signed>("POST", signup ? "/signup" : "/login", body));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The server could not be reached.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame
      title={signup ? "Create your account" : "Sign in"}
      subtitle={signup ? "API keys, balance and fonts for the Marketlens gateway." : "Welcome back."}
    >
      <form class="form" onSubmit={submit}>
        <label class="field">
          <span>Email</span>
          <input name="email" type="email" autocomplete="email" required maxLength={254} />
        </label>
        <label class="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autocomplete={signup ? "new-password" : "current-password"}
            required
            minLength={signup ? 10 : 1}
          />
          {signup && <small class="muted">At least 10 characters.</small>}
        </label>
        {signup && (
          <label class="field">
            <span>Invitation code (if this server asks for one)</span>
            <input name="inviteCode" type="text" autocomplete="off" />
          </label>
        )}
        {error && <Notice kind="error">{error}</Notice>}
        <button class="button primary wide" type="submit" disabled={busy}>
          {busy ? "One moment…" : signup ? "Create account" : "Sign in"}
        </button>
      </form>
      <p class="auth-switch">
        {signup ? (
          <>
            Have an account?{" "}
            <a href={`/dashboard/login${query}`} onClick={onLink}>
              Sign in
            </a>
          </>
        ) : (
          <>
            New here?{" "}
            <a href={`/dashboard/signup${query}`} onClick={onLink}>
              Create an account
            </a>{" "}
            ·{" "}
            <a href="/dashboard/forgot" onClick={onLink}>
              Forgot password?
            </a>
          </>
        )}
      </p>
    </AuthFrame>
  );
}

export function ForgotPage() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState("");
  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      await api("POST", "/password-reset", { email: String(form.get("email")) });
      setSent(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The server could not be reached.");
    }
  }
  return (
    <AuthFrame title="Reset your password" subtitle="We send a one-time link to the account's email.">
      {sent ? (
        <Notice kind="ok">
          If an account uses that email, a reset link is on its way (valid for an hour).
        </Notice>
      ) : (
        <form class="form" onSubmit={submit}>
          <label class="field">
            <span>Email</span>
            <input name="email" type="email" autocomplete="email" required />
          </label>
          {error && <Notice kind="error">{error}</Notice>}
          <button class="button primary wide" type="submit">
            Send the link
          </button>
        </form>
      )}
      <p class="auth-switch">
        <a href="/dashboard/login" onClick={onLink}>
          Back to sign in
        </a>
      </p>
    </AuthFrame>
  );
}

export function ResetPage() {
  const [error, setError] = useState("");
  const token = new URLSearchParams(location.search).get("token") ?? "";
  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      await api("POST", "/password-reset/confirm", { token, password: String(form.get("password")) });
      navigate("/dashboard/login");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The server could not be reached.");
    }
  }
  return (
    <AuthFrame title="Choose a new password" subtitle="Every other sign-in of the account ends.">
      <form class="form" onSubmit={submit}>
        <label class="field">
          <span>New password</span>
          <input name="password" type="password" autocomplete="new-password" required minLength={10} />
        </label>
        {error && <Notice kind="error">{error}</Notice>}
        <button class="button primary wide" type="submit">
          Set password
        </button>
      </form>
    </AuthFrame>
  );
}
