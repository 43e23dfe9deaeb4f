import { money } from "./format.ts";

export interface UsageRow {
  day: string;
  operation: string;
  calls: number;
  chargedMicros: number;
}

const PALETTE = ["#6366f1", "#14b8a6", "#f59e0b", "#ec4899", "#0ea5e9", "#84cc16", "#a855f7", "#ef4444"];

function lastDays(count: number): string[] {
  const days: string[] = [];
  const today = new Date();
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i));
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/** Calls per day, stacked by operation, for the last 30 days (SVG: no inline styles, CSP-safe). */
export function UsageChart({ rows }: { rows: UsageRow[] }) {
  const days = lastDays(30);
  const operations = [...new Set(rows.map((r) => r.operation))].sort();
  const color = (op: string) => PALETTE[operations.indexOf(op) % PALETTE.length]!;
  const perDay = new Map<string, UsageRow[]>();
  for (const row of rows) perDay.set(row.day, [...(perDay.get(row.day) ?? []), row]);
  const max = Math.max(1, ...days.map((d) => (perDay.get(d) ?? []).reduce((n, r) => n + r.calls, 0)));
  const width = 600;
  const height = 180;
  const barWidth = width / days.length;
  const totalCalls = rows.reduce((n, r) => n + r.calls, 0);
  const totalCharged = rows.reduce((n, r) => n + r.chargedMicros, 0);

  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={`Calls per day for the last 30 days: ${totalCalls} calls, ${money(totalCharged)} charged`}
      >
        {[0.25, 0.5, 0.75, 1].map((f) => (
          <line key={f} x1={0} x2={width} y1={height - f * height} y2={height - f * height} class="grid" />
        ))}
        {days.map((day, i) => {
          let y = height;
          return (
            <g key={day}>
              {(perDay.get(day) ?? []).map((row) => {
                const h = (row.calls / max) * (height - 8);
                y -= h;
                return (
                  <rect
                    key={row.operation}
                    x={i * barWidth + 2}
                    y={y}
                    width={barWidth - 4}
                    height={h}
                    rx={2}
                    fill={color(row.operation)}
                  >
                    <title>{`${day} · ${row.operation}: ${row.calls} calls, ${money(row.chargedMicros, 4)}`}</title>
                  </rect>
                );
              })}
              {i % 5 === 4 && (
                <text x={i * barWidth + barWidth / 2} y={height + 15} text-anchor="middle" class="axis">
                  {day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
        <text x={4} y={12} class="axis">
          {max} calls
        </text>
      </svg>
      <figcaption class="legend">
        {operations.length === 0 ? (
          <span class="muted">No charged calls in the last 30 days.</span>
        ) : (
          operations.map((op) => (
            <span key={op} class="legend-item">
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" rx="2" fill={color(op)} />
              </svg>
              {op}
            </span>
          ))
        )}
      </figcaption>
    </figure>
  );
}
