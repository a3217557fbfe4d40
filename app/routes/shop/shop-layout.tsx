import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/shop-layout";
import { listCategories } from "../../../server/catalog/categories.ts";
import { storeContext } from "../../../server/context.ts";
import { ShopChrome } from "../../components/shop/shop-chrome.tsx";
import type { RootLoaderData } from "../../root.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const categories = await listCategories(scope);
  return { categories: categories.map(({ slug, name }) => ({ slug, name })) };
}

// Categories change only when the owner edits them; skip reloading them on every click.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootLoaderData>("root");
  return (
    <ShopChrome
      store={root?.store ?? { name: "", logoUrl: null, email: "", phone: "" }}
      categories={loaderData.categories}
    >
      <Outlet />
    </ShopChrome>
  );
}
