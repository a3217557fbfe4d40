import { AlertDialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { type CategoryAnswer } from "../../../../core/category.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { adminButtonClass } from "../admin-button.tsx";
import { useReturnFocus } from "../use-return-focus.ts";

interface DeletableCategory {
  id: string;
  name: string;
  productCount: number;
}

const productsText = (count: number) => `${count} ${count === 1 ? "product" : "products"}`;

/**
 * Asks before deleting a category (SPEC §4 Category delete). When it holds products the
 * owner picks where they go (the first other category by default); they move and the
 * category goes in one step, and its old links lead to the replacement.
 */
export function CategoryDeleteDialog({
  open,
  onOpenChange,
  category,
  others,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: DeletableCategory;
  others: readonly { id: string; name: string }[];
}) {
  const selectId = useId();
  const fetcher = useFetcher<CategoryAnswer>();
  const returnFocus = useReturnFocus();
  const [replacementId, setReplacementId] = useState(others[0]?.id ?? "");
  const busy = fetcher.state !== "idle";
  const moves = category.productCount > 0;
  const lastOne = others.length === 0;
  // A replacement deleted meanwhile falls back to the first one left.
  const chosen = others.some((other) => other.id === replacementId) ? replacementId : (others[0]?.id ?? "");

  function confirm() {
    const body = new FormData();
    body.set("intent", "category:delete");
    body.set("categoryId", category.id);
    if (moves) body.set("replacementId", chosen);
    void fetcher.submit(body, { method: "post", action: adminPath("settings") });
  }

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) notify(answer.message);
    else notifyError(answer.error);
    onOpenChange(false);
    // onOpenChange changes with every render of the parent; the answer alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    // Kept open while the delete is on its way, so its answer is always told.
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">
            Delete {category.name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-700">
            {lastOne
              ? "This is the store's only category. Products need a category, so add another one before deleting it."
              : moves
                ? `Are you sure you want to delete "${category.name}"? Its ${productsText(category.productCount)} will move to the category you choose, and links to it will lead there.`
                : `Are you sure you want to delete "${category.name}"? It has no products. This action cannot be undone.`}
          </AlertDialog.Description>
          {moves && !lastOne ? (
            <div className="mt-4">
              <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-stone-800">
                Move products to
              </label>
              <select
                id={selectId}
                value={chosen}
                onChange={(event) => setReplacementId(event.currentTarget.value)}
                className="block h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-[15px] text-stone-900 shadow-xs focus:border-stone-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900/20"
              >
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={adminButtonClass("secondary")}>Cancel</AlertDialog.Cancel>
            {lastOne ? null : (
              <AlertDialog.Action
                className={adminButtonClass("danger")}
                disabled={busy}
                onClick={(event) => {
                  // The dialog closes when the answer arrives.
                  event.preventDefault();
                  confirm();
                }}
              >
                {busy ? "Deleting..." : moves ? `Move ${productsText(category.productCount)} and delete` : "Delete"}
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
