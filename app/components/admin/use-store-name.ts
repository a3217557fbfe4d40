import { useRouteLoaderData } from "react-router";

/** The store's name from the root route's data (its branding is public). */
export function useStoreName(): string {
  const root = useRouteLoaderData("root") as { store?: { name?: string } } | undefined;
  return root?.store?.name || "Selvage";
}
