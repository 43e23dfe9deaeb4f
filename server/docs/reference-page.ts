import { ERROR_MEANING, ERROR_STATUS, type ErrorCode } from "../../src/contract/errors.ts";

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document, walked loosely for display
type Doc = Record<string, any>;

/**
 * A readable API reference rendered from the OpenAPI document itself (one source, two views). Plain
 * HTML with its own styles: it works offline and behind any proxy, with nothing fetched from a CDN.
 */
export function renderReferencePage(openapi: Doc): string {
  const byTag = new Map<string, { method: string; path: string; op: Doc }[]>();
  for (const [path, methods] of Object.entries<Doc>(openapi.paths)) {
    for (const [method, op] of Object.entries<Doc>(methods)) {
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  const schemas: Doc = openapi.components?.schemas ?? {};
  const nav = [...byTag.keys()].map((tag) => `<a href="#tag-${slug(tag)}">${esc(tag)}</a>`).join("");
  const sections = [...byTag]
    .map(
      ([tag, ops]) =>
        `<section id="tag-${slug(tag)}"><h2>${esc(tag)}</h2>${ops.map((o) => renderOperation(o.method, o.path, o.op)).join("")}</section>`,
    )
    .join("");
  const errorRows = (Object.keys(ERROR_STATUS) as ErrorCode[])
    .map(
      (code) =>
        `<tr><td><code>${code}</code></td><td>${ERROR_STATUS[code]}</td><td>${esc(ERROR_MEANING[code])}</td></tr>`,
    )
    .join("");
  const schemaBlocks = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<div class="schema" id="schema-${slug(name)}"><h3>${esc(name)}</h3>${renderProperties(schema)}</div>`,
    )
    .join("");

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(openapi.info.title)} — API reference</title>
<link rel="stylesheet" href="/docs/reference.css"></head><body>
<header><h1>${esc(openapi.info.title)} <small>v${esc(openapi.info.version)}</small></h1>
<p>${esc(openapi.info.description)}</p>
<p>Authenticate every call with the header <code>x-api-key</code>. Machine-readable: <a class="light" href="/v1/openapi.json">/v1/openapi.json</a>.</p></header>
<nav>${nav}<a href="#errors">Errors</a><a href="#schemas">Schemas</a></nav>
<main>${sections}
<section id="errors"><h2>Errors</h2><p>Every error is <code>{"success": false, "requestId": "...", "error": {"code": "...", "message": "..."}}</code>. 429s carry <code>Retry-After</code>.</p>
<table><tr><th>Code</th><th>Status</th><th>Meaning</th></tr>${errorRows}</table></section>
<section id="schemas"><h2>Schemas</h2>${schemaBlocks}</section>
</main></body></html>`;
}

function renderOperation(method: string, path: string, op: Doc): string {
  const params: Doc[] = op.parameters ?? [];
  const paramTable = params.length
    ? `<table><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Meaning</th></tr>${params
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${esc(typeOf(p.schema))}</td><td>${p.required ? "yes" : ""}</td><td>${esc(p.description ?? "")}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const body = op.requestBody
    ? `<p>Body: ${Object.keys(op.requestBody.content)
        .map((t) => `<code>${esc(t)}</code>`)
        .join(", ")}</p>`
    : "";
  const responses = Object.entries<Doc>(op.responses)
    .map(([status, r]) => `<tr><td>${status}</td><td>${esc(r.description)}</td></tr>`)
    .join("");
  return `<div class="op" id="${slug(`${method}-${path}`)}"><div><span class="m ${method}">${method}</span><code>${esc(path)}</code> — ${esc(op.summary)}${op.security?.length === 0 ? " <em>(no key)</em>" : ""}</div>
${op.description ? `<p>${esc(op.description)}</p>` : ""}${paramTable}${body}<table><tr><th>Status</th><th>Response</th></tr>${responses}</table></div>`;
}

function renderProperties(schema: Doc): string {
  const props: Doc = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const rows = Object.entries<Doc>(props)
    .map(
      ([name, p]) =>
        `<tr><td><code>${esc(name)}</code>${required.has(name) ? "" : " <small>(optional)</small>"}</td><td>${typeOf(p, true)}</td><td>${esc(p.description ?? "")}</td></tr>`,
    )
    .join("");
  return rows
    ? `<table><tr><th>Field</th><th>Type</th><th>Meaning</th></tr>${rows}</table>`
    : `<p>${esc(typeOf(schema))}</p>`;
}

function typeOf(schema: Doc | undefined, link = false): string {
  if (!schema) return "";
  if (schema.$ref) {
    const name = String(schema.$ref).split("/").pop()!;
    return link ? `<a href="#schema-${slug(name)}">${esc(name)}</a>` : name;
  }
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type === "array") return `${typeOf(schema.items, link)}[]`;
  if (schema.anyOf) return schema.anyOf.map((s: Doc) => typeOf(s, link)).join(" | ");
  return String(schema.type ?? "any");
}

function esc(text: string): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** The page's stylesheet, served from this origin: the CSP of HTML pages allows no inline style. */
export const REFERENCE_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2433;background:#fafbfc}
header{background:#1d2433;color:#fff;padding:20px 32px}header p{color:#c7cede;max-width:70em}
nav{padding:8px 32px;background:#eef1f6;position:sticky;top:0}nav a{margin-right:14px;color:#2250b3;text-decoration:none}
main{padding:8px 32px 64px;max-width:1100px}code{font:13px ui-monospace,monospace;background:#eef1f6;padding:1px 4px;border-radius:3px}
.op{background:#fff;border:1px solid #dde3ec;border-radius:6px;margin:14px 0;padding:12px 16px}
.m{display:inline-block;min-width:56px;font-weight:700;text-transform:uppercase;font-size:12px}
.get{color:#0a7d35}.post{color:#2250b3}.delete{color:#b3223a}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:14px}td,th{border-bottom:1px solid #e5e9f0;padding:4px 8px;text-align:left;vertical-align:top}
.schema{background:#fff;border:1px solid #dde3ec;border-radius:6px;margin:10px 0;padding:8px 16px}
header a.light{color:#9fc1ff}
`;
