import { Layers, Pencil, Plus, RefreshCw, SquarePen, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import type { Route } from "./+types/fabric-library";
import {
  colorLabel,
  FABRIC_COLORS,
  fabricDeleteConfirmMessage,
  fabricFormValues,
  newFabricInput,
  type FabricEditorAnswer,
  type FabricInput,
  type FabricRequest,
} from "../../../../core/fabric.ts";
import { formatPrice } from "../../../../core/money.ts";
import { isLibraryMissing, listLibraryFabrics } from "../../../../server/catalog/fabric-library.ts";
import { storeContext } from "../../../../server/context.ts";
import { adminButtonClass, AdminButton } from "../../../components/admin/admin-button.tsx";
import { AdminErrorPanel } from "../../../components/admin/admin-error-boundary.tsx";
import { ConfirmDialog } from "../../../components/admin/confirm-dialog.tsx";
import { FabricDialog } from "../../../components/admin/fabric-form/fabric-dialog.tsx";
import { keptDraftForms } from "../../../components/admin/use-draft-across-sign-in.ts";
import { notifyError } from "../../../lib/notify.ts";
import { adminMeta, adminPath } from "../admin-pages.ts";
import { fabricEditorAction } from "./fabric-editor.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { missing: false as const, fabrics: await listLibraryFabrics(context.get(storeContext)) };
  } catch (error) {
    // A server whose migrations were not applied has no library table: say how to set it up.
    // Anything else (an outage's 503 included) goes to the error boundary.
    if (isLibraryMissing(error)) return { missing: true as const, fabrics: [] };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return fabricEditorAction(request, context);
}

type LibraryRow = Route.ComponentProps["loaderData"]["fabrics"][number];

type DialogState = { mode: "create"; initial: FabricInput } | { mode: "edit"; fabric: LibraryRow } | null;

export default function FabricLibrary({ loaderData }: Route.ComponentProps) {
  const { missing, fabrics } = loaderData;
  const [filter, setFilter] = useState<string>("all");
  const [dialog, setDialog] = useState<DialogState>(null);
  const colors = FABRIC_COLORS.filter((color) => fabrics.some((fabric) => fabric.color === color));
  // A colour whose last fabric went shows everything again.
  const active = (colors as string[]).includes(filter) ? filter : "all";
  const shown = active === "all" ? fabrics : fabrics.filter((fabric) => fabric.color === active);

  // A dialog's input kept while she signed in again opens its dialog again, which gives it back.
  useEffect(() => {
    const forms = keptDraftForms("fabric:");
    // A fabric deleted meanwhile has no dialog to open.
    const fabric = fabrics.find((row) => forms.includes(`fabric:${row.id}`));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is read after hydration
    if (forms.includes("fabric:new")) setDialog({ mode: "create", initial: newFabricInput(fabrics.length) });
    else if (fabric) setDialog({ mode: "edit", fabric });
    // Once, when the library opens: later reloads of its list leave the dialogs as they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (missing) return <SetupRequired />;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-stone-900">Fabric Library</h1>
          <p className="mt-1 text-sm text-stone-600">
            Your fabrics, their swatches, upcharges and stock, shared by every product that offers them.
          </p>
        </div>
        {fabrics.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            <AdminButton
              variant="secondary"
              onClick={() => setDialog({ mode: "create", initial: newFabricInput(fabrics.length) })}
            >
              <SquarePen aria-hidden className="size-4" />
              Quick add
            </AdminButton>
            <Link to={adminPath("fabric-new")} className={adminButtonClass("primary")}>
              <Plus aria-hidden className="size-4" />
              Add Fabric
            </Link>
          </div>
        ) : null}
      </div>

      {fabrics.length === 0 ? (
        <section className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
          <Layers aria-hidden className="size-10 text-stone-400" />
          <h2 className="mt-4 text-lg font-semibold text-stone-900">No Fabrics Added Yet</h2>
          <p className="mt-1 max-w-md text-sm text-stone-600">
            Add the fabrics you sew with; products then offer them from here, with their stock kept in one place.
          </p>
          <Link to={adminPath("fabric-new")} className={adminButtonClass("primary", "mt-5")}>
            <Plus aria-hidden className="size-4" />
            Add Your First Fabric
          </Link>
        </section>
      ) : (
        <>
          <div role="group" aria-label="Filter by colour" className="mt-6 flex flex-wrap gap-2">
            {["all", ...colors].map((color) => (
              <button
                key={color}
                type="button"
                aria-pressed={active === color}
                onClick={() => setFilter(color)}
                className={
                  "h-9 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
                  (active === color
                    ? "border-stone-900 bg-stone-900 text-white"
                    : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50")
                }
              >
                {color === "all" ? "All" : colorLabel(color)}
              </button>
            ))}
          </div>
          <ul aria-label="Fabrics" className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((fabric) => (
              <FabricCard key={fabric.id} fabric={fabric} onQuickEdit={() => setDialog({ mode: "edit", fabric })} />
            ))}
          </ul>
        </>
      )}

      {dialog ? (
        <FabricDialog
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          mode={dialog.mode}
          fabricId={dialog.mode === "edit" ? dialog.fabric.id : null}
          initial={dialog.mode === "edit" ? fabricFormValues(dialog.fabric) : dialog.initial}
          action={adminPath("fabrics")}
        />
      ) : null}
    </div>
  );
}

function FabricCard({ fabric, onQuickEdit }: { fabric: LibraryRow; onQuickEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<FabricEditorAnswer>();
  const deleting = fetcher.state !== "idle";
  const products = fabric.productCount;

  function confirmDelete() {
    const request: FabricRequest = { intent: "delete", fabricId: fabric.id };
    void fetcher.submit(request as unknown as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
      action: adminPath("fabrics"),
    });
  }

  // A refusal is said once, when the answer arrives, and closes the dialog. A deleted fabric's
  // card goes in that same update, its dialog with it, so focus is not handed back to a
  // Delete button about to go.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.error) return;
    notifyError(fetcher.data.error);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the fetcher's answer
    setConfirming(false);
  }, [fetcher.state, fetcher.data]);

  return (
    <li
      className={
        "flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xs " +
        (deleting ? "opacity-50" : "")
      }
    >
      <div className="relative aspect-[4/3] bg-stone-100">
        <img
          src={fabric.swatchUrl}
          alt={`${fabric.name} swatch`}
          width={400}
          height={300}
          loading="lazy"
          className="size-full object-cover"
        />
        {fabric.inStock ? null : (
          <span className="absolute top-3 left-3 rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
            Out of Stock
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-stone-900">{fabric.name}</h2>
            {fabric.customColor ? <p className="text-sm text-stone-600">{fabric.customColor}</p> : null}
            <p className="mt-0.5 font-mono text-xs text-stone-500">{fabric.code}</p>
          </div>
          <span className="shrink-0 rounded-full border border-stone-300 bg-stone-50 px-2.5 py-0.5 text-xs font-medium text-stone-700">
            {colorLabel(fabric.color)}
          </span>
        </div>
        <p className={"mt-3 line-clamp-2 text-sm " + (fabric.description ? "text-stone-700" : "text-stone-500 italic")}>
          {fabric.description || "No description available"}
        </p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          {fabric.priceCents > 0 ? (
            <span className="font-medium text-stone-900">+{formatPrice(fabric.priceCents)} upcharge</span>
          ) : (
            <span className="text-stone-500">No upcharge</span>
          )}
          {products > 0 ? (
            <Link
              to={`${adminPath("products")}?${new URLSearchParams({ fabric: fabric.id })}`}
              className="text-stone-700 underline underline-offset-4 hover:text-stone-900"
            >
              Used by {products} {products === 1 ? "product" : "products"}
            </Link>
          ) : (
            <span className="text-stone-500">Not used by any product</span>
          )}
        </div>
        <div className="mt-auto flex flex-wrap gap-1 pt-4">
          <Link
            to={adminPath("fabric-edit", { fabricId: fabric.id })}
            className={adminButtonClass("secondary", "h-9 px-2.5")}
            aria-label={`Edit ${fabric.name}`}
          >
            <Pencil aria-hidden className="size-4" />
            Edit
          </Link>
          <AdminButton
            variant="ghost"
            className="h-9 px-2.5"
            aria-label={`Quick edit ${fabric.name}`}
            onClick={onQuickEdit}
          >
            <SquarePen aria-hidden className="size-4" />
            Quick edit
          </AdminButton>
          <AdminButton
            variant="ghost"
            className="ml-auto h-9 px-2.5 text-red-700 hover:bg-red-50"
            aria-label={`Delete ${fabric.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden className="size-4" />
            Delete
          </AdminButton>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${fabric.name}?`}
        message={
          <>
            {fabricDeleteConfirmMessage(fabric.name)}{" "}
            {products > 0
              ? `${products} ${products === 1 ? "product offers" : "products offer"} this fabric; it will be removed from ${products === 1 ? "it" : "them"}. Orders already placed keep it.`
              : "No product offers this fabric."}
          </>
        }
        confirmLabel={deleting ? "Deleting..." : "Delete"}
        busy={deleting}
        onConfirm={confirmDelete}
      />
    </li>
  );
}

function SetupRequired() {
  const revalidator = useRevalidator();
  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">Fabric Library</h1>
      <section role="alert" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-6 text-sm text-amber-900">
        <h2 className="text-base font-semibold">Fabric Library Setup Required</h2>
        <p className="mt-2">
          The fabric library table does not exist in the database yet. Restart the shop so it applies its database
          migrations, then refresh this page.
        </p>
        <AdminButton
          variant="secondary"
          className="mt-4"
          disabled={revalidator.state === "loading"}
          onClick={() => void revalidator.revalidate()}
        >
          <RefreshCw aria-hidden className="size-4" />
          Refresh
        </AdminButton>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("fabrics");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPanel error={error} heading="Fabric Library" failure="Failed to load fabric library" />;
}
