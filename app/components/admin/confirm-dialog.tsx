import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { adminButtonClass } from "./admin-button.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

/**
 * Asks before something that cannot be undone. An accessible alert dialog (focus moves
 * in and returns, Escape cancels), never `window.confirm`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Where the confirm button's label starts with "Cancel", say what cancelling the dialog keeps. */
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-700">{message}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={adminButtonClass("secondary")}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={adminButtonClass("danger")}
              disabled={busy}
              onClick={(event) => {
                // The caller closes the dialog when its work is done.
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
