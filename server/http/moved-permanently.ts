import { redirect } from "react-router";

/**
 * A storefront address that moved for good (a renamed category or product): a 301 for search
 * engines that no browser or shared cache keeps, as the owner may give the address back. The
 * shopper's query goes along; React Router's own `_routes` (on a move within the shop) does not,
 * or it would end up in the address bar.
 */
export function movedPermanently(request: Request, path: string): Response {
  const query = new URL(request.url).searchParams;
  query.delete("_routes");
  const search = query.size > 0 ? `?${query}` : "";
  return redirect(`${path}${search}`, { status: 301, headers: { "Cache-Control": "no-store" } });
}
