import { data, Form, redirect, useNavigation } from "react-router";
import { DEFAULT_FABRIC_CODE } from "../../../core/constants.ts";
import type { Route } from "./+types/test-payment";
import { formatPrice } from "../../../core/money.ts";
import { servicesContext, storeContext } from "../../../server/context.ts";
import { finishTestCheckout, loadTestCheckout } from "../../../server/orders/test-checkout.ts";
import { readForm } from "../../../server/http/request-body.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadTestCheckout(context.get(storeContext), context.get(servicesContext), params.sessionId);
  if (page.kind === "done") throw redirect(page.redirectTo);
  if (page.kind === "not-found") throw data("This payment session does not exist.", { status: 404 });
  if (page.kind === "disabled") throw data("Test payments are turned off on this shop.", { status: 403 });
  return page;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const intent = (await readForm(request)).get("intent");
  if (intent !== "complete" && intent !== "cancel") throw data("Unknown action", { status: 400 });
  const next = await finishTestCheckout(
    context.get(storeContext),
    context.get(servicesContext),
    params.sessionId,
    intent,
  );
  if (!next) throw data("This payment session does not exist.", { status: 404 });
  return redirect(next);
}

export default function TestPayment({ loaderData: page }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main className="min-h-screen bg-neutral-100 px-4 py-10">
      <div className="mx-auto max-w-md">
        <div role="note" className="rounded-t-xl bg-amber-400 px-5 py-3 text-center font-semibold text-black">
          Test payment — no money moves
        </div>
        <div className="rounded-b-xl bg-white p-6 shadow-md">
          <p className="text-sm text-neutral-600">Pay {page.storeName}</p>
          <h1 className="mt-1 text-3xl font-semibold tabular-nums">{formatPrice(page.totalCents)}</h1>
          <p className="mt-1 text-sm text-neutral-600">Order #{page.orderNumber}</p>
          <ul className="mt-6 divide-y divide-neutral-200 border-y border-neutral-200">
            {page.items.map((item, index) => (
              <li key={index} className="flex justify-between gap-4 py-3 text-sm">
                <span>
                  {item.name}
                  {item.fabricCode !== DEFAULT_FABRIC_CODE && (
                    <span className="text-neutral-500"> · {item.fabricLabel}</span>
                  )}
                  <span className="text-neutral-500"> × {item.quantity}</span>
                </span>
                <span className="tabular-nums">{formatPrice(item.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-neutral-600">
            This shop has no card payment provider configured, so this page stands in for one. Completing it marks the
            order as paid without charging anything.
          </p>
          <Form method="post" className="mt-6 flex flex-col gap-3">
            <button
              type="submit"
              name="intent"
              value="complete"
              disabled={busy}
              className="h-12 rounded-lg bg-neutral-900 font-semibold text-white hover:bg-neutral-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              Complete test payment
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="h-12 rounded-lg border border-neutral-300 font-semibold hover:bg-neutral-50 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              Cancel payment
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Test payment" }, { name: "robots", content: "noindex" }];
