import { formatPrice } from "../../../../core/money.ts";

// Daily net sales as bars, rendered on the server: an SVG that stretches to its box for
// the bars, with the axis labels in HTML so they keep their size on a phone and a wide
// screen alike. Screen readers get one summary sentence for the picture and the same
// figures as a real table below it.

export interface ChartDay {
  /** The store's calendar day, "2026-03-01". */
  day: string;
  netCents: number;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const fullDayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
/** A calendar day string, read as the date it names (no time zone can move it). */
const dateOf = (day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
};
export const formatChartDay = (day: string) => dayFormat.format(dateOf(day));
const formatFullDay = (day: string) => fullDayFormat.format(dateOf(day));

/**
 * The y axis: the smallest round step (1, 2 or 5 times a power of ten dollars) that
 * reaches the highest day in at most `ticks` steps, and the top it reaches. An empty
 * chart still has an axis ($0 to $10).
 */
export function niceScale(maxCents: number, ticks = 4): { stepCents: number; topCents: number } {
  const target = Math.max(maxCents, 1000);
  const rough = target / 100 / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const stepCents = Math.round(step * 100);
  return { stepCents, topCents: stepCents * Math.ceil(target / stepCents) };
}

/** "$1,200": the axis's steps are whole dollars. */
const axisPrice = (cents: number) => formatPrice(cents).replace(/\.00$/, "");

export function SalesChart({ days, title }: { days: ChartDay[]; title: string }) {
  const { stepCents, topCents } = niceScale(Math.max(0, ...days.map((day) => day.netCents)));
  const ticks = Array.from({ length: Math.round(topCents / stepCents) + 1 }, (_, index) => index * stepCents);
  const total = days.reduce((sum, day) => sum + day.netCents, 0);
  const best = days.reduce<ChartDay | null>((top, day) => (day.netCents > (top?.netCents ?? 0) ? day : top), null);
  const first = days[0];
  const last = days.at(-1);
  // Month starts name the x axis; the first day too when the chart starts mid-month far from one.
  const xLabels = days
    .map((day, index) => ({ day, index }))
    .filter(({ day, index }) => day.day.endsWith("-01") || (index === 0 && Number(day.day.slice(8)) < 20));
  const summary =
    first && last
      ? `${title}, ${formatFullDay(first.day)} to ${formatFullDay(last.day)}: ${formatPrice(total)} in total` +
        (best ? `, the best day ${formatFullDay(best.day)} with ${formatPrice(best.netCents)}.` : ", no sales.") +
        " The figures are in the table below."
      : title;
  const width = days.length || 1;

  return (
    <figure className="mt-4">
      <div className="flex gap-2">
        <div aria-hidden className="relative h-48 w-14 shrink-0 text-right text-xs text-stone-500 tabular-nums">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 -translate-y-1/2"
              style={{ top: `${(1 - tick / topCents) * 100}%` }}
            >
              {axisPrice(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-48 flex-1 border-b border-l border-stone-300">
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
          >
            {ticks.slice(1).map((tick) => {
              const y = 100 - (tick / topCents) * 100;
              return (
                <line
                  key={tick}
                  x1={0}
                  x2={width}
                  y1={y}
                  y2={y}
                  className="stroke-stone-200"
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
            {days.map((day, index) => {
              if (day.netCents <= 0) return null;
              const height = (day.netCents / topCents) * 100;
              return (
                <rect
                  key={day.day}
                  x={index + 0.15}
                  width={0.7}
                  y={100 - height}
                  height={height}
                  className="fill-stone-800"
                >
                  <title>{`${formatFullDay(day.day)}: ${formatPrice(day.netCents)}`}</title>
                </rect>
              );
            })}
          </svg>
        </div>
      </div>
      <div aria-hidden className="relative mt-1 ml-16 h-5 text-xs text-stone-500">
        {xLabels.map(({ day, index }) => (
          <span key={day.day} className="absolute whitespace-nowrap" style={{ left: `${(index / width) * 100}%` }}>
            {formatChartDay(day.day)}
          </span>
        ))}
      </div>
      <figcaption className="sr-only">{title}</figcaption>
      <details className="mt-4 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-1 font-medium text-stone-700 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900">
          Show as table
        </summary>
        <div className="mt-2 rounded-lg border border-stone-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}, by day</caption>
            <thead className="bg-stone-50 text-xs text-stone-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Net sales
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="px-3 py-1.5 font-normal text-stone-900">
                    <time dateTime={day.day}>{formatFullDay(day.day)}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatPrice(day.netCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
