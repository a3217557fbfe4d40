import { formatStoreDateTime } from "../../../../core/dates.ts";
import { OrderDetailCard } from "./order-detail-card.tsx";

export interface OrderTimelineEntry {
  id: string;
  at: Date;
  title: string;
  actor: string;
  detail?: string;
  tone: "neutral" | "success" | "warning" | "error";
}

const DOTS: Record<OrderTimelineEntry["tone"], string> = {
  neutral: "bg-stone-400",
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  error: "bg-red-600",
};

/** Everything that happened to the order, oldest first, with when and who. */
export function OrderDetailTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  return (
    <OrderDetailCard title="History">
      <ol className="relative space-y-5 border-l border-stone-200 pl-5">
        {entries.map((entry) => (
          <li key={entry.id} className="relative">
            <span
              aria-hidden
              className={`absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white ${DOTS[entry.tone]}`}
            />
            <p className="text-sm font-medium break-words text-stone-900">{entry.title}</p>
            {entry.detail ? (
              <p className={`text-sm break-words ${entry.tone === "error" ? "text-red-700" : "text-stone-600"}`}>
                {entry.detail}
              </p>
            ) : null}
            <p className="mt-0.5 text-xs text-stone-500">
              <time dateTime={entry.at.toISOString()}>{formatStoreDateTime(entry.at)}</time>
              <span aria-hidden> · </span>
              <span className="break-words">by {entry.actor}</span>
            </p>
          </li>
        ))}
      </ol>
    </OrderDetailCard>
  );
}
