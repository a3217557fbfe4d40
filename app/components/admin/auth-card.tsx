import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of the sign-in and password pages: the store's name and one card. */
export function AuthCard({
  storeName,
  title,
  description,
  children,
  footer,
}: {
  storeName: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-stone-100 px-4 py-12">
      <Link to="/" className="mb-6 font-serif text-2xl text-stone-900 hover:text-stone-700">
        {storeName}
      </Link>
      <main className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
        {description ? <p className="mt-1.5 text-sm text-stone-600">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
      {footer ? <div className="mt-6 text-sm text-stone-600">{footer}</div> : null}
    </div>
  );
}
