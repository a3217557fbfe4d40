import type { ReactNode } from "react";

/** A centred message for not-found, empty and error states. */
export function PageMessage({
  title,
  children,
  tone = "neutral",
}: {
  title: string;
  children?: ReactNode;
  tone?: "neutral" | "error";
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <div aria-hidden="true" className={`mb-6 h-px w-12 ${tone === "error" ? "bg-red-700" : "bg-brand"}`} />
      <h1 className="font-serif text-4xl">{title}</h1>
      <div className="text-ink/75 mt-4 flex flex-col items-center gap-6">{children}</div>
    </div>
  );
}
