import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-stone-900 text-white hover:bg-stone-800 shadow-sm",
  secondary: "border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 shadow-xs",
  ghost: "text-stone-700 hover:bg-stone-100",
  danger: "bg-red-600 text-white hover:bg-red-700 shadow-sm",
};

/** Classes of an admin button, also for links that look like one. */
export function adminButtonClass(variant: Variant = "primary", extra = ""): string {
  return (
    "inline-flex h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors " +
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
    `disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${extra}`
  ).trim();
}

export function AdminButton({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={adminButtonClass(variant, className)} {...props} />;
}
