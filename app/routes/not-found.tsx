import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      <p className="text-brand text-sm font-semibold tracking-widest uppercase">404</p>
      <h1 className="mt-2 font-serif text-4xl">Page Not Found</h1>
      <p className="mt-4 text-neutral-600">
        Sorry, we couldn&apos;t find the page you&apos;re looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex justify-center gap-4">
        <Link to="/" className="bg-brand rounded-md px-5 py-2.5 font-medium text-white">
          Back to Home
        </Link>
        <Link to="/contact" className="rounded-md border border-black/20 px-5 py-2.5 font-medium">
          Contact Us
        </Link>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Page Not Found" }];
