import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog.tsx";

const LEAVE_TITLE = "Leave without saving?";

/**
 * Asks before a form with unsaved changes is left: a move within the admin (a link, Back,
 * another tab of the page) opens a dialog, and a reload or closed tab gets the browser's own
 * warning. `holding` is false while the form is being saved, so the save's own move to the
 * next page goes through. One per page: React Router blocks with one blocker at a time.
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

const ReportUnsaved = createContext<(form: string, unsaved: boolean) => void>(() => undefined);

/** One LeaveGuard for a page of several forms: it holds while any of them has unsaved changes. */
export function UnsavedFormsGuard({ message, children }: { message: string; children: ReactNode }) {
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback(
    (form: string, isUnsaved: boolean) =>
      setUnsaved((current) => {
        if (current.has(form) === isUnsaved) return current;
        const next = new Set(current);
        if (isUnsaved) next.add(form);
        else next.delete(form);
        return next;
      }),
    [],
  );
  return (
    <ReportUnsaved.Provider value={report}>
      {children}
      <LeaveGuard holding={unsaved.size > 0} message={message} />
    </ReportUnsaved.Provider>
  );
}

/** Tells the page's UnsavedFormsGuard whether the form named `form` has unsaved changes. */
export function useReportUnsaved(form: string, unsaved: boolean): void {
  const report = useContext(ReportUnsaved);
  useEffect(() => {
    report(form, unsaved);
    return () => report(form, false);
  }, [report, form, unsaved]);
}
