import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  error: { box: "border-red-200 bg-red-50 text-red-800", Icon: CircleAlert },
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-900", Icon: CircleCheck },
  info: { box: "border-amber-200 bg-amber-50 text-amber-900", Icon: Info },
} as const;

/** A message box; errors are announced to screen readers as soon as they appear. */
export function Alert({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  const { box, Icon } = TONES[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex gap-2.5 rounded-md border px-3.5 py-3 text-sm ${box}`}
    >
      <Icon aria-hidden className="mt-px size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
