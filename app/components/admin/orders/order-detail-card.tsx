import type { ReactNode } from "react";

/** A card of the order page: a named region with its heading. */
export function OrderDetailCard({
  title,
  children,
  className = "",
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `order-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-stone-200 bg-white p-4 shadow-xs sm:p-6 ${className}`}
    >
      <h2 id={id} className="text-base font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
