/**
 * Where the consent page may send an extension token: an extension's own page, or (for tests and local
 * tools) an http loopback address. Anything else could hand the token to a website.
 */
export function isAllowedRedirectUri(value: string | null | undefined): boolean {
  if (!value) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== "" || url.username !== "" || url.password !== "") return false;
  if (url.protocol === "chrome-extension:" || url.protocol === "moz-extension:") return url.hostname !== "";
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}
