import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog.tsx";

const LEAVE_TITLE = "Leave without saving?";

/**
 * Asks before a form with unsaved changes is left: a move within the admin (a link, Back)
 * opens a dialog, and a reload or closed tab gets the browser's own warning. `holding` is
 * false while the form is being saved, so the save's own move to the next page goes through.
 */
export function LeaveGuard({ holding, message }: { holding: boolean; message: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      holding && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!holding) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [holding]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={LEAVE_TITLE}
      message={message}
      confirmLabel="Leave"
      cancelLabel="Keep editing"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
