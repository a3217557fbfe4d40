import { useEffect } from "react";
import type { FetcherWithComponents } from "react-router";
import type { OrderActionAnswer } from "../../../../core/order-actions.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { Alert } from "../alert.tsx";

/**
 * The settled answer of one of the order page's forms, told once as a toast; a refusal
 * also stays on the card (`OrderActionRefusal`) until the next try. The second of two
 * identical requests ("already ready for pickup") is a notice, not an error.
 */
export function useOrderActionAnswer(fetcher: FetcherWithComponents<OrderActionAnswer>, onSettled?: () => void) {
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    onSettled?.();
    if (answer.ok || answer.alreadyDone) notify(answer.message);
    else notifyError(answer.message);
    // Only a new answer is told; onSettled may change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return answer;
}

export function OrderActionRefusal({ answer }: { answer: OrderActionAnswer | undefined }) {
  if (!answer || answer.ok) return null;
  return (
    <div className="mt-4">
      <Alert tone={answer.alreadyDone ? "info" : "error"}>{answer.message}</Alert>
    </div>
  );
}
