import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/shop-layout";
import { listCategories } from "../../../server/catalog/categories.ts";
import { requestContext, servicesContext } from "../../../server/context.ts";
import { ShopChrome } from "../../components/shop/shop-chrome.tsx";
import type { RootLoaderData } from "../../root.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { tenantId } = context.get(requestContext);
  const categories = await listCategories(db, tenantId);
  return { categories: categories.map(({ slug, name }) => ({ slug, name })) };
}

// Categories change only when the owner edits them; skip reloading them on every click.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootLoaderData>("root");
  return (
    <ShopChrome store={root?.store ?? { name: "", logoUrl: null }} categories={loaderData.categories}>
      <Outlet />
    </ShopChrome>
  );
}
