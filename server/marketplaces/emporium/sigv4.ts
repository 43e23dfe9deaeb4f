import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4, as PA-API 5 requires on every request (service ProductAdvertisingAPI). Small
 * enough to own rather than pull a dependency: canonical request, string to sign, derived key, and the
 * Authorization header. Checked against AWS's published examples in test/marketplaces.
 */

export interface SigV4Request {
  method: string;
  url: string;
  /** Headers to sign (host and x-amz-date are added); names in any case. */
  headers: Record<string, string>;
  body: string;
}

export interface SigV4Credentials {
  accessKey: string;
  secretKey: string;
  region: string;
  service: string;
}

export interface SignedParts {
  amzDate: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  authorization: string;
  /** The headers to send: the given ones plus host, x-amz-date and authorization. */
  headers: Record<string, string>;
}

const sha256 = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 encoding with the unreserved set AWS keeps. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function canonicalRequest(
  req: SigV4Request,
  headers: Record<string, string>,
): { text: string; signedHeaders: string } {
  const url = new URL(req.url);
  const path = url.pathname
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, " ")] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = entries.map(([name, value]) => `${name}:${value}\n`).join("");
  const signedHeaders = entries.map(([name]) => name).join(";");
  const text = [
    req.method.toUpperCase(),
    path || "/",
    query,
    canonicalHeaders,
    signedHeaders,
    sha256(req.body),
  ].join("\n");
  return { text, signedHeaders };
}

/** Signs a request made at `now`. */
export function signV4(req: SigV4Request, creds: SigV4Credentials, now: Date): SignedParts {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const host = new URL(req.url).host;
  const headers: Record<string, string> = { ...req.headers, host, "x-amz-date": date };
  const { text, signedHeaders } = canonicalRequest(req, headers);
  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256(text)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${creds.secretKey}`, day), creds.region), creds.service),
    "aws4_request",
  );
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  const authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return {
    amzDate: date,
    canonicalRequest: text,
    stringToSign,
    signature,
    authorization,
    headers: { ...headers, authorization },
  };
}

export interface ParsedAuthorization {
  accessKey: string;
  day: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** Reads an Authorization header back (the sandbox verifies what the adapter signed). */
export function parseAuthorization(value: string): ParsedAuthorization | undefined {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;.-]+), ?Signature=([0-9a-f]{64})$/.exec(
      value.trim(),
    );
  if (!match) return undefined;
  const [, accessKey, day, region, service, signed, signature] = match as unknown as string[];
  return {
    accessKey: accessKey!,
    day: day!,
    region: region!,
    service: service!,
    signedHeaders: signed!.split(";"),
    signature: signature!,
  };
}
