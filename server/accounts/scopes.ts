/**
 * A scope names what a key may call, as `<area>:<operation>`: the area is a marketplace
 * (`emporium`, ...) or `image-translate`; either side may be `*`. A key without scopes may call
 * everything. Examples: `emporium:search`, `auction:*`, `*:categories`, `image-translate:ocr`.
 */
const SCOPE_PATTERN = /^(\*|[a-z][a-z-]*):(\*|[a-z][a-z-]*)$/;

export function isValidScope(scope: string): boolean {
  return SCOPE_PATTERN.test(scope);
}

export function scopeAllows(scopes: readonly string[] | null, area: string, operation: string): boolean {
  if (scopes === null) return true;
  return scopes.some((scope) => {
    const [a, o] = scope.split(":");
    return (a === "*" || a === area) && (o === "*" || o === operation);
  });
}
