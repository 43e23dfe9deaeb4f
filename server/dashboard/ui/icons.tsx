/** Line icons drawn as SVG (no icon font: a missing glyph would show as a box). */
const paths = {
  key: "M14 7a4 4 0 1 1-3.9 4.9L4 18v2h3v-2h2v-2h2l1.1-1.1A4 4 0 0 1 14 7zm2 2.5a1 1 0 1 0 0 .01",
  chart: "M4 20V10m5 10V4m5 16v-7m5 7V8",
  font: "M4 19 9 5l5 14M6 14h6m5 5v-7m0 0a2.5 2.5 0 1 1 0 5m0-5a2.5 2.5 0 1 0 0 5",
  puzzle: "M10 4a2 2 0 1 1 4 0v1h4v4h1a2 2 0 1 1 0 4h-1v5h-5v-1a2 2 0 1 0-4 0v1H4v-5h1a2 2 0 1 0 0-4H4V5h6z",
} as const;

export function Icon({ name, class: className = "icon" }: { name: keyof typeof paths; class?: string }) {
  return (
    <svg
      class={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
