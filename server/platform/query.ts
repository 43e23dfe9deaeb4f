import { GatewayError } from "../../src/contract/errors.ts";

/**
 * Reads a query string strictly. URLSearchParams silently keeps a broken escape such as `%zz` as text;
 * we refuse it (400 BAD_REQUEST) instead of guessing what the caller meant. A parameter given twice
 * becomes a list of its values, in order: a list parameter reads every entry (`brands=a&brands=b`), and
 * a one-value parameter refuses it (never `query=a&query=b` read as "a,b").
 */
export type QueryValues = Record<string, string | string[]>;

export function parseQueryString(url: string): QueryValues {
  const start = url.indexOf("?");
  if (start === -1) return new QueryParams();
  const end = url.indexOf("#", start);
  const raw = url.slice(start + 1, end === -1 ? undefined : end);
  const params: QueryValues = new QueryParams();
  if (raw === "") return params;
  for (const pair of raw.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? "" : decode(pair.slice(eq + 1));
    if (name === "") continue;
    if (!Object.hasOwn(params, name)) params[name] = value;
    else {
      const seen = params[name]!;
      params[name] = typeof seen === "string" ? [seen, value] : [...seen, value];
    }
  }
  return params;
}

/**
 * Parameters inherit nothing: `?constructor=x` or `?__proto__=x` are parameters like any other, not
 * inherited members. The prototype is an empty object without one, rather than the object having none
 * (Object.create(null)): such an object starts in dictionary mode, and filling it cost about three
 * times as much, on every call.
 */
const QueryParams = function QueryParams() {} as unknown as new () => QueryValues;
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
