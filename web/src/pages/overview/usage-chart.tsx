import { type RefObject, useEffect, useRef, useState } from "react";
import { call } from "../../api/client";
import type { Usage } from "../../api/types";
import { Loading } from "../../components/loading";
import { Refusal } from "../../components/refusal";
import { Section } from "../../components/section";
import { TableWrap } from "../../components/table-wrap";
import { formatDay, formatNumber } from "../../format";
import { useLoad } from "../../hooks/use-load";

type RateClass = keyof Usage["byClass"];

/** The API's rate classes, bottom of the stack first, each with its colour (≥ 3:1 against white). */
const CLASSES: { key: RateClass; label: string; color: string }[] = [
  { key: "read", label: "Read", color: "#1d4ed8" },
  { key: "write", label: "Write", color: "#7c3aed" },
  { key: "expensive", label: "Expensive", color: "#b45309" },
  { key: "charge", label: "Charge", color: "#be123c" },
];

const DAY_MS = 86_400_000;

/** Every day from `from` to `to`, oldest first, with its counts (zero where none). */
function everyDay(usage: Usage): Usage["days"] {
  const known = new Map(usage.days.map((d) => [d.date, d]));
  const days: Usage["days"] = [];
  for (let t = Date.parse(`${usage.from}T00:00:00Z`); t <= Date.parse(`${usage.to}T00:00:00Z`); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push(
      known.get(date) ?? { date, total: 0, byClass: { read: 0, write: 0, expensive: 0, charge: 0 }, operations: [] },
    );
  }
  return days;
}

/** A round ceiling for the axis: 1, 2, 5, 10, 20, 50… */
function niceMax(n: number): number {
  if (n <= 1) return 1;
  const step = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].map((f) => f * step).find((v) => v >= n) ?? 10 * step) as number;
}

const H = 220;
const PAD = { left: 44, right: 8, top: 12, bottom: 28 };

/**
 * The chart is drawn at the width it is shown at (not scaled from a fixed one), so its labels keep
 * their size on a phone and at any zoom.
 */
function useWidth<E extends HTMLElement>(): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  });
  return [ref, width];
}

function Bars({ days, max, W }: { days: Usage["days"]; max: number; W: number }) {
  const slot = (W - PAD.left - PAD.right) / days.length;
  const plot = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plot - (v / max) * plot;
  const ticks = [0, max / 2, max];
  // First, middle and last day; only the ends where the middle one would crowd them.
  const labelled = W < 420 ? [0, days.length - 1] : [0, Math.floor(days.length / 2), days.length - 1];
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="chart-grid" />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="chart-label">
            {formatNumber(t)}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        let base = 0;
        return (
          <g key={d.date}>
            <title>{`${formatDay(d.date)}: ${CLASSES.map((c) => `${d.byClass[c.key]} ${c.label.toLowerCase()}`).join(", ")}`}</title>
            {CLASSES.map((c) => {
              const v = d.byClass[c.key];
              const top = y(base + v);
              const height = y(base) - top;
              base += v;
              return v > 0 ? (
                <rect
                  key={c.key}
                  x={PAD.left + i * slot + 1}
                  y={top}
                  width={Math.max(slot - 2, 1)}
                  height={height}
                  fill={c.color}
                />
              ) : null;
            })}
          </g>
        );
      })}
      {labelled.map((i, n) => (
        <text
          key={i}
          x={n === 0 ? PAD.left : i === days.length - 1 ? W - PAD.right : PAD.left + (i + 0.5) * slot}
          y={H - 8}
          textAnchor={n === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
          className="chart-label"
        >
          {formatDay(days[i]?.date)}
        </text>
      ))}
    </>
  );
}

/**
 * Requests per day and rate class as a stacked bar chart (hand-drawn SVG), with the same numbers as a
 * table for screen readers and keyboards. A session reads the counts of signed-in use (GET /usage);
 * each API key reads its own with its own credential.
 */
export function UsageChart() {
  const usage = useLoad(() => call("usage.get", {}));
  const [frame, W] = useWidth<HTMLDivElement>();
  const data = usage.data;
  const days = data ? everyDay(data) : [];
  const busiest = days.reduce((a, d) => (d.total > (a?.total ?? -1) ? d : a), days[0]);
  const max = niceMax(busiest?.total ?? 0);
  return (
    <Section titleId="usage-title" title="Usage">
      <p className="muted">
        Requests made while signed in, per day and rate class, over the last 30 days. Each API key reads its own counts
        with <code>GET /api/v1/usage</code>.
      </p>
      <Refusal failure={usage.failure} />
      {usage.loading && !data ? <Loading /> : null}
      {data ? (
        <figure className="chart">
          <div ref={frame} className="chart-frame">
            <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="usage-chart-desc">
              <desc id="usage-chart-desc">
                {`${formatNumber(data.total)} requests from ${formatDay(data.from)} to ${formatDay(data.to)}` +
                  (busiest && busiest.total > 0
                    ? `; the busiest day was ${formatDay(busiest.date)} with ${formatNumber(busiest.total)}.`
                    : ".")}
              </desc>
              <Bars days={days} max={max} W={W} />
            </svg>
          </div>
          <figcaption>
            <ul className="legend">
              {CLASSES.map((c) => (
                <li key={c.key}>
                  <span className="swatch" data-class={c.key} aria-hidden="true" />
                  {c.label}: {formatNumber(data.byClass[c.key])}
                </li>
              ))}
              <li>Total: {formatNumber(data.total)}</li>
            </ul>
          </figcaption>
          <details>
            <summary>Show the numbers</summary>
            <TableWrap label="Requests per day">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    {CLASSES.map((c) => (
                      <th scope="col" className="num" key={c.key}>
                        {c.label}
                      </th>
                    ))}
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {days
                    .filter((d) => d.total > 0)
                    .reverse()
                    .map((d) => (
                      <tr key={d.date}>
                        <th scope="row">{formatDay(d.date)}</th>
                        {CLASSES.map((c) => (
                          <td className="num" key={c.key}>
                            {formatNumber(d.byClass[c.key])}
                          </td>
                        ))}
                        <td className="num">{formatNumber(d.total)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </TableWrap>
          </details>
        </figure>
      ) : null}
    </Section>
  );
}
