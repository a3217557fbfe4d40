import { useEffect, useRef } from "react";
import { toast } from "sonner";

/** Shows a toast for a notice from the server, once per notice (not again on re-render). */
export function useToastOnce(notice: { message: string; tone: "success" | "error" } | null | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!notice || shown.current === notice.message) return;
    shown.current = notice.message;
    if (notice.tone === "success") toast.success(notice.message);
    else toast.error(notice.message);
  }, [notice]);
}
