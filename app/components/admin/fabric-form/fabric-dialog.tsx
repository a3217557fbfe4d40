import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { FabricInput } from "../../../../core/fabric.ts";
import { useReturnFocus } from "../use-return-focus.ts";
import { FabricForm } from "./fabric-form.tsx";

/**
 * The library page's inline add/edit dialog (SPEC §2): the same form as the fabric pages,
 * saved through the library page's action; it closes once the fabric is saved.
 */
export function FabricDialog({
  open,
  onOpenChange,
  mode,
  fabricId,
  initial,
  action,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "create" | "edit";
  fabricId: string | null;
  initial: FabricInput;
  action: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-stone-50 p-5 shadow-xl focus:outline-none sm:p-6"
        >
          <div className="mb-5 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-stone-900">
                {mode === "create" ? "Add Fabric" : "Edit Fabric"}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-stone-600">
                {mode === "create"
                  ? "A new fabric for your library."
                  : "Changes reach every product that offers this fabric."}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-md text-stone-600 hover:bg-stone-200 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <FabricForm
            // A fresh form each time the dialog opens for a fabric.
            key={fabricId ?? "new"}
            mode={mode}
            fabricId={fabricId}
            initial={initial}
            action={action}
            headingLevel={3}
            onCancel={() => onOpenChange(false)}
            onSaved={() => onOpenChange(false)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
