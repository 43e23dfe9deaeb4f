import { GatewayError } from "../../src/contract/errors.ts";

/**
 * Reads a query string strictly. URLSearchParams silently keeps a broken escape such as `%zz` as text;
 * we refuse it (400 BAD_REQUEST) instead of guessing what the caller meant. A parameter given twice is
 * joined with a comma, the spec's list form (`brands=a&brands=b` is `brands=a,b`).
 */
export function parseQueryString(url: string): Record<string, string> {
  const start = url.indexOf("?");
  if (start === -1) return new QueryParams();
  const end = url.indexOf("#", start);
  const raw = url.slice(start + 1, end === -1 ? undefined : end);
  const params: Record<string, string> = new QueryParams();
  if (raw === "") return params;
  for (const pair of raw.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? "" : decode(pair.slice(eq + 1));
    if (name === "") continue;
    params[name] = Object.hasOwn(params, name) ? `${params[name]},${value}` : value;
  }
  return params;
}

/**
 * Parameters inherit nothing: `?constructor=x` or `?__proto__=x` are parameters like any other, not
 * inherited members. The prototype is an empty object without one, rather than the object having none
 * (Object.create(null)): such an object starts in dictionary mode, and filling it cost about three
 * times as much, on every call.
 */
const QueryParams = function QueryParams() {} as unknown as new () => Record<string, string>;
QueryParams.prototype = Object.freeze(Object.create(null));

function decode(component: string): string {
  // Nothing to decode (the usual case): decodeURIComponent would return it unchanged, and cannot throw.
  if (component.indexOf("%") === -1 && component.indexOf("+") === -1) return component;
  try {
    return decodeURIComponent(component.replaceAll("+", " "));
  } catch {
    throw new GatewayError(
      "BAD_REQUEST",
      `The query string cannot be read: "${component.slice(0, 60)}" is not valid percent-encoding (encode % as %25 and text as UTF-8).`,
    );
  }
}
