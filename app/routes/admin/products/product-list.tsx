import { AlertTriangle, ImageOff, Pencil, Plus, Search, Trash2, X } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product-list";
import { parseForm } from "../../../../core/forms.ts";
import { formatPrice } from "../../../../core/money.ts";
import { setFlash } from "../../../../server/auth/flash.ts";
import { loadFabricForEdit } from "../../../../server/catalog/fabric-library.ts";
import { deleteProduct, listProductsForAdmin } from "../../../../server/catalog/product-editor.ts";
import { servicesContext, storeContext } from "../../../../server/context.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { adminButtonClass, AdminButton } from "../../../components/admin/admin-button.tsx";
import { ConfirmDialog } from "../../../components/admin/confirm-dialog.tsx";
import { notifyError } from "../../../lib/notify.ts";
import { adminMeta, adminPath } from "../admin-pages.ts";

/** Longest search the list accepts; longer text names no product. */
const MAX_SEARCH_LENGTH = 200;

/** The list's query string (search and library fabric), kept across a delete. */
function listQuery(search: string | null, fabricId: string | null): string {
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (fabricId) query.set("fabric", fabricId);
  return query.size ? `?${query}` : "";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const scope = context.get(storeContext);
  // "Used by n products" on the library page links here with ?fabric=<library fabric id>.
  const fabricId = (params.get("fabric") ?? "").trim().slice(0, 64);
  const fabric = fabricId ? await loadFabricForEdit(scope, fabricId) : null;
  const products = await listProductsForAdmin(scope, {
    search,
    ...(fabric ? { libraryFabricId: fabric.id } : {}),
  });
  return {
    products,
    search,
    fabric: fabric ? { id: fabric.id, name: fabric.name } : null,
    query: listQuery(search, fabric?.id ?? null),
  };
}

const deleteSchema = z.object({
  intent: z.literal("delete", { error: "Unknown request" }),
  productId: z.string().max(64),
});

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(deleteSchema, await readForm(request));
  if (!parsed.ok) return data({ error: "Failed to delete product" }, { status: 400 });
  const deleted = await deleteProduct(context.get(storeContext), parsed.value.productId);
  if (!deleted) return data({ error: "Failed to delete product" }, { status: 404 });
  const { config } = context.get(servicesContext);
  // Back to the list as the owner left it (her search and fabric filter kept), with the spec's notice.
  const params = new URL(request.url).searchParams;
  const to = `${adminPath("products")}${listQuery(params.get("q"), params.get("fabric"))}`;
  throw redirect(to, { headers: { "Set-Cookie": setFlash("product-deleted", config.secure) } });
}

type ProductRow = Route.ComponentProps["loaderData"]["products"][number];

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { products, search, fabric, query } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === adminPath("products");
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-stone-900">Products</h1>
          <p className="mt-1 text-sm text-stone-600">Every design in your shop, newest first.</p>
        </div>
        <Link to={adminPath("product-new")} className={adminButtonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          Add Product
        </Link>
      </div>

      {fabric ? (
        <p className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-800">
          <span>
            Showing products that offer the library fabric <strong className="font-semibold">{fabric.name}</strong>
          </span>
          <Link
            to={`${adminPath("products")}${listQuery(search, null)}`}
            className="inline-flex items-center gap-1 font-medium text-stone-900 underline underline-offset-4"
          >
            <X aria-hidden className="size-4" />
            Show all products
          </Link>
        </p>
      ) : null}

      <Form method="get" role="search" className="mt-6 flex max-w-md gap-2">
        {fabric ? <input type="hidden" name="fabric" value={fabric.id} /> : null}
        <label htmlFor="product-search" className="sr-only">
          Search products by name
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
          />
          <input
            id="product-search"
            type="search"
            name="q"
            defaultValue={search}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search by name"
            className="block h-10 w-full rounded-md border border-stone-300 bg-white pr-3 pl-9 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-stone-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900/20"
          />
        </div>
        <AdminButton type="submit" variant="secondary" disabled={searching}>
          Search
        </AdminButton>
      </Form>

      {products.length === 0 ? (
        <EmptyState search={search} filtered={fabric !== null} />
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-xs">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {search ? `Products matching “${search}”` : fabric ? `Products offering ${fabric.name}` : "All products"}{" "}
              ({products.length})
            </caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-xs font-medium tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-2 py-3 sm:px-4">
                  Image
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4">
                  Name
                </th>
                <th scope="col" className="hidden px-2 py-3 sm:px-4 sm:table-cell">
                  Category
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4 text-right">
                  Price
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {products.map((product) => (
                <ProductTableRow key={product.id} product={product} query={query} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ProductTableRow({ product, query }: { product: ProductRow; query: string }) {
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<{ error: string }>();
  const deleting = fetcher.state !== "idle";

  function confirmDelete() {
    const action = `${adminPath("products")}${query}`;
    void fetcher.submit({ intent: "delete", productId: product.id }, { method: "post", action });
  }

  // A refusal (the product was already gone) is said once, when the answer arrives, and closes
  // the dialog. A deleted product's row goes in that same update, its dialog with it, so focus
  // is not handed back to a Delete button about to go.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.error) return;
    notifyError(fetcher.data.error);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the fetcher's answer
    setConfirming(false);
  }, [fetcher.state, fetcher.data]);

  return (
    <tr className={deleting ? "opacity-50" : undefined}>
      <td className="py-3 pr-2 pl-3 sm:px-4">
        {product.image ? (
          <img
            src={product.image}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 rounded-md border border-stone-200 bg-stone-50 object-cover"
          />
        ) : (
          <span className="flex size-12 items-center justify-center rounded-md border border-dashed border-stone-300 text-stone-400">
            <ImageOff aria-hidden className="size-5" />
            <span className="sr-only">No picture</span>
          </span>
        )}
      </td>
      <td className="px-2 py-3 wrap-anywhere sm:px-4">
        <span className="font-medium text-stone-900">{product.name}</span>
        <span className="block text-xs text-stone-500 sm:hidden">{product.categoryName}</span>
        {product.available ? null : (
          <span className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800">
            <AlertTriangle aria-hidden className="size-3.5" />
            Not for sale: no fabric in stock
          </span>
        )}
      </td>
      <td className="hidden px-2 py-3 wrap-anywhere sm:px-4 text-stone-700 sm:table-cell">{product.categoryName}</td>
      <td className="px-2 py-3 sm:px-4 text-right text-stone-900 tabular-nums">{formatPrice(product.priceCents)}</td>
      <td className="px-2 py-3 sm:px-4">
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end sm:gap-2">
          <Link
            to={adminPath("product-edit", { productId: product.id })}
            className={adminButtonClass("secondary", "h-9 px-3")}
            aria-label={`Edit ${product.name}`}
          >
            <Pencil aria-hidden className="size-4" />
            <span className="hidden sm:inline">Edit</span>
          </Link>
          <AdminButton
            variant="ghost"
            className="h-9 px-3 text-red-700 hover:bg-red-50"
            aria-label={`Delete ${product.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="hidden sm:inline">Delete</span>
          </AdminButton>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${product.name}?`}
          message="Are you sure you want to delete this product?"
          confirmLabel={deleting ? "Deleting..." : "Delete"}
          busy={deleting}
          onConfirm={confirmDelete}
        />
      </td>
    </tr>
  );
}

function EmptyState({ search, filtered }: { search: string; filtered: boolean }) {
  return (
    <section className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
      {search || filtered ? (
        <>
          <p className="text-base font-medium text-stone-900">
            {search ? `No products match “${search}”.` : "No products offer this fabric."}
          </p>
          <Link
            to={adminPath("products")}
            className="mt-3 text-sm font-medium text-stone-900 underline underline-offset-4"
          >
            Show all products
          </Link>
        </>
      ) : (
        <>
          <p className="text-base font-medium text-stone-900">No products found. Create your first product!</p>
          <Link to={adminPath("product-new")} className={adminButtonClass("primary", "mt-5")}>
            <Plus aria-hidden className="size-4" />
            Add Product
          </Link>
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("products");
