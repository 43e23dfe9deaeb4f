export function money(micros: number, digits = 2): string {
  const dollars = micros / 1_000_000;
  const fixed = Math.abs(dollars) < 0.01 && dollars !== 0 ? dollars.toFixed(4) : dollars.toFixed(digits);
  return `${dollars < 0 ? "−" : ""}$${fixed.replace("-", "")}`;
}

export function when(value: string | null | undefined): string {
  if (!value) return "never";
  const date = new Date(value);
  const seconds = (Date.now() - date.getTime()) / 1000;
  if (seconds >= 0 && seconds < 60) return "just now";
  if (seconds >= 0 && seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds >= 0 && seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

export function date(value: string | null | undefined): string {
  return value
    ? new Date(value).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })
    : "—";
}
