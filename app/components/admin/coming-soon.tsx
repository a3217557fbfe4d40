import { Hammer } from "lucide-react";
import type { ReactNode } from "react";

/** A page of the admin area that is still being built, shown inside the real layout. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
      <section className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <Hammer aria-hidden className="size-5" />
        </span>
        <h2 className="mt-4 text-base font-medium text-stone-900">Coming soon</h2>
        <p className="mt-1.5 max-w-md text-sm text-stone-600">{children}</p>
      </section>
    </div>
  );
}
