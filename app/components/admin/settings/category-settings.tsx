import { ImageOff, Info, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CATEGORY_LIMIT_NOTE, MAX_CATEGORIES, type CategoryAnswer } from "../../../../core/category.ts";
import type { CategorySettingsData } from "../../../routes/admin/store/settings-categories.server.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { AdminButton, adminButtonClass } from "../admin-button.tsx";
import { CategoryDeleteDialog } from "./category-delete-dialog.tsx";
import { CategoryForm, emptyCategoryInput } from "./category-form.tsx";

type Category = CategorySettingsData[number];

const productsText = (count: number) => `${count} ${count === 1 ? "product" : "products"}`;

/** Settings › Categories. Posts to the settings route with intents "category:…" through its own fetcher. */
export function CategorySettings({ categories }: { categories: CategorySettingsData }) {
  // The delete dialog lives here, not in its row: the row goes with the category, its answer must not.
  const [deleting, setDeleting] = useState<Category | null>(null);

  return (
    <div className="space-y-6">
      <section aria-labelledby="categories-heading" className="rounded-xl border border-stone-200 bg-white shadow-xs">
        <div className="border-b border-stone-200 p-5 sm:p-6">
          <h2 id="categories-heading" className="text-base font-semibold text-stone-900">
            Categories
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            The shop&apos;s navigation: the header, the footer and the home page&apos;s tiles list these in this order.
          </p>
          <p className="mt-3 flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            {CATEGORY_LIMIT_NOTE}
          </p>
        </div>
        <ul aria-label="Categories" className="divide-y divide-stone-200">
          {categories.map((category) => (
            <CategoryRow key={category.id} category={category} onDelete={() => setDeleting(category)} />
          ))}
        </ul>
      </section>

      <AddCategory count={categories.length} />

      {deleting ? (
        <CategoryDeleteDialog
          open
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          category={deleting}
          others={categories.filter((category) => category.id !== deleting.id)}
        />
      ) : null}
    </div>
  );
}

function CategoryRow({ category, onDelete }: { category: Category; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  function closeEditor() {
    setEditing(false);
    // Focus goes back where the owner started.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  return (
    <li className="p-5 sm:p-6">
      {/* On a phone the buttons go below, leaving the name and slug the row's width. */}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          {category.imageUrl ? (
            <img
              src={category.imageUrl}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-md border border-stone-200 bg-stone-100 object-cover"
            />
          ) : (
            <div
              role="img"
              aria-label="No picture"
              className="flex size-16 shrink-0 items-center justify-center rounded-md border border-dashed border-stone-300 bg-stone-50 text-stone-400"
            >
              <ImageOff aria-hidden className="size-6" />
            </div>
          )}
          <div className="min-w-0 flex-1">
            <h3 className="text-base font-semibold break-words text-stone-900">{category.name}</h3>
            <p className="font-mono text-xs break-words text-stone-500">/category/{category.slug}</p>
            <p className="mt-0.5 text-sm text-stone-600">{productsText(category.productCount)}</p>
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <button
            ref={editButton}
            type="button"
            className={adminButtonClass("secondary", "h-9 px-3")}
            aria-expanded={editing}
            aria-label={`Edit ${category.name}`}
            onClick={() => (editing ? closeEditor() : setEditing(true))}
          >
            <Pencil aria-hidden className="size-4" />
            Edit
          </button>
          <AdminButton
            variant="ghost"
            className="h-9 px-3 text-red-700 hover:bg-red-50"
            aria-label={`Delete ${category.name}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden className="size-4" />
            Delete
          </AdminButton>
        </div>
      </div>
      {editing ? (
        <div className="mt-5 rounded-lg border border-stone-200 bg-stone-50 p-4 sm:p-5">
          <CategoryForm
            intent="category:update"
            categoryId={category.id}
            initial={{
              name: category.name,
              slug: category.slug,
              description: category.description,
              imageUrl: category.imageUrl ?? "",
            }}
            submitLabel="Save Changes"
            busyLabel="Saving..."
            onSaved={closeEditor}
            onCancel={closeEditor}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The 'Add Category' form while the store has fewer than four. Its fetcher lives here,
 * above the form, so the answer is told even when the new category fills the list and
 * the form goes away.
 */
function AddCategory({ count }: { count: number }) {
  const fetcher = useFetcher<CategoryAnswer>();
  const [formKey, setFormKey] = useState(0);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      notify(answer.message);
      // A fresh, empty form for the next one.
      // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the fetcher's answer
      setFormKey((key) => key + 1);
    } else notifyError(answer.error);
  }, [answer]);

  const busy = fetcher.state !== "idle";
  if (count >= MAX_CATEGORIES && !busy) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-sm text-stone-600 sm:p-6">
        The store has {MAX_CATEGORIES} categories. To add a different one, delete one first; its products move to the
        category you choose.
      </p>
    );
  }
  return (
    <section
      aria-labelledby="add-category-heading"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id="add-category-heading" className="flex items-center gap-2 text-base font-semibold text-stone-900">
        <Plus aria-hidden className="size-4" />
        Add Category
      </h2>
      <p className="mt-1 mb-5 text-sm text-stone-600">
        {MAX_CATEGORIES - count === 1
          ? "Room for 1 more category."
          : `Room for ${MAX_CATEGORIES - count} more categories.`}{" "}
        New categories appear last in the navigation.
      </p>
      <CategoryForm
        key={formKey}
        intent="category:add"
        initial={emptyCategoryInput()}
        submitLabel="Add Category"
        busyLabel="Adding..."
        slugFollowsName
        fetcher={fetcher}
        announce={false}
      />
    </section>
  );
}
