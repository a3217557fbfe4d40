import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/not-found";
import { listCategories } from "../../server/catalog/categories.ts";
import { storeContext } from "../../server/context.ts";
import { ShopChrome } from "../components/shop/shop-chrome.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import type { RootLoaderData } from "../root.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const categories = await listCategories(scope);
  return data({ categories: categories.map(({ slug, name }) => ({ slug, name })) }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const store = useRouteLoaderData<RootLoaderData>("root")?.store;
  return (
    <ShopChrome store={store ?? { name: "", logoUrl: null, email: "", phone: "" }} categories={loaderData.categories}>
      <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
        <p className="text-ink/70 text-xs font-semibold tracking-[0.3em] uppercase">Error 404</p>
        <h1 className="mt-4 font-serif text-5xl">Page Not Found</h1>
        <div aria-hidden="true" className="bg-brand mt-6 h-px w-12" />
        <p className="text-ink/75 mt-6 text-lg">
          Sorry, we couldn&apos;t find the page you&apos;re looking for. It may have moved, or the link may be mistyped.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <Link to="/" className={buttonClass("primary")}>
            Back to Home
          </Link>
          <Link to="/contact" className={buttonClass("outline")}>
            Contact Us
          </Link>
        </div>
      </div>
    </ShopChrome>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Page Not Found | ${matches[0].loaderData?.store.name ?? "Selvage"}` },
  { name: "robots", content: "noindex" },
];
