import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The form-encoded body as flat key/value pairs, e.g. "line_items[0][quantity]" → "2". */
  form: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  /** Sets what retrieving a session answers for payment_status; a paid session gets its payment intent. */
  setPaymentStatus(sessionId: string, status: "paid" | "unpaid"): void;
  /** A checkout session already paid (with its payment intent), as if a shopper had paid it: its id. */
  createPaidSession(amountCents: number): string;
  /** How much of a paid session's payment has been refunded so far, in cents. */
  refundedCents(sessionId: string): number;
  /** The next refund request is answered with this error instead (once). */
  failNextRefund(error: { status: number; type?: string; message: string }): void;
  /**
   * Keeps the next create-session requests waiting without an answer, as a slow
   * Stripe would, until `release()`; `arrived` settles when the first one is waiting.
   */
  holdSessionCreation(): { arrived: Promise<RecordedRequest>; release(): void };
  close(): Promise<void>;
}

/**
 * A small local stand-in for the Stripe API, enough for Checkout Sessions and refunds: the
 * real `stripe` SDK talks to it over HTTP (STRIPE_API_URL), and tests inspect
 * exactly what the SDK sent.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  // Payment intents of paid sessions, with what was charged and refunded, and the refunds
  // already made per Idempotency-Key (the same key answers the same refund, as Stripe does).
  const charges = new Map<string, { amount: number; refunded: number }>();
  const refundsByKey = new Map<string, Record<string, unknown>>();
  let refundFailure: { status: number; type?: string; message: string } | undefined;
  let counter = 0;
  let intents = 0;
  let refunds = 0;
  const pay = (session: Record<string, unknown>) => {
    if (!session.payment_intent) {
      const intent = `pi_test_${++intents}`;
      session.payment_intent = intent;
      charges.set(intent, { amount: Number(session.amount_total), refunded: 0 });
    }
    Object.assign(session, { payment_status: "paid", status: "complete" });
  };
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  let hold: { waiting: (() => void)[]; arrive: (request: RecordedRequest) => void } | undefined;

  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? "").split("?")[0]!;
      requests.push({ method: req.method ?? "", path, headers: req.headers, form });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
        res.end(JSON.stringify(json));
      };
      if (!String(req.headers.authorization).startsWith("Bearer sk_test_")) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${++counter}`;
        let amount = 0;
        for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
          amount +=
            Number(form[`line_items[${i}][quantity]`]) * Number(form[`line_items[${i}][price_data][unit_amount]`]);
        }
        const session = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/pay/${id}`,
          amount_total: amount,
          currency: "usd",
          customer_email: form.customer_email,
          client_reference_id: form.client_reference_id,
          metadata: { orderId: form["metadata[orderId]"], orderNumber: form["metadata[orderNumber]"] },
          payment_status: "unpaid",
          status: "open",
          payment_intent: null,
        };
        sessions.set(id, session);
        if (hold) {
          hold.waiting.push(() => send(200, session));
          return hold.arrive(requests.at(-1)!);
        }
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session)
          return send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        return send(200, session);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const key = String(req.headers["idempotency-key"] ?? "");
        const earlier = key ? refundsByKey.get(key) : undefined;
        if (earlier) return send(200, earlier);
        if (refundFailure) {
          const { status, type = "invalid_request_error", message } = refundFailure;
          refundFailure = undefined;
          return send(status, { error: { type, message } });
        }
        const charge = charges.get(form.payment_intent ?? "");
        if (!charge) {
          return send(400, {
            error: { type: "invalid_request_error", message: `No such payment_intent: '${form.payment_intent}'` },
          });
        }
        const remaining = charge.amount - charge.refunded;
        const amount = form.amount === undefined ? remaining : Number(form.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
          return send(400, {
            error: {
              type: "invalid_request_error",
              param: "amount",
              message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
            },
          });
        }
        charge.refunded += amount;
        const refund = {
          id: `re_test_${++refunds}`,
          object: "refund",
          amount,
          currency: "usd",
          payment_intent: form.payment_intent,
          status: "succeeded",
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([name]) => name.startsWith("metadata["))
              .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
          ),
        };
        if (key) refundsByKey.set(key, refund);
        return send(200, refund);
      }
      send(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPaymentStatus(sessionId, status) {
      const session = sessions.get(sessionId);
      if (!session) return;
      if (status === "paid") pay(session);
      else Object.assign(session, { payment_status: status, status: "open" });
    },
    createPaidSession(amountCents) {
      const id = `cs_test_${++counter}`;
      const session: Record<string, unknown> = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/pay/${id}`,
        amount_total: amountCents,
        currency: "usd",
        metadata: {},
        payment_intent: null,
      };
      pay(session);
      sessions.set(id, session);
      return id;
    },
    refundedCents(sessionId) {
      const intent = sessions.get(sessionId)?.payment_intent;
      return typeof intent === "string" ? (charges.get(intent)?.refunded ?? 0) : 0;
    },
    failNextRefund(error) {
      refundFailure = error;
    },
    holdSessionCreation() {
      let arrive!: (request: RecordedRequest) => void;
      const arrived = new Promise<RecordedRequest>((resolve) => (arrive = resolve));
      const current = { waiting: [] as (() => void)[], arrive };
      hold = current;
      return {
        arrived,
        release() {
          if (hold === current) hold = undefined;
          for (const answer of current.waiting.splice(0)) answer();
        },
      };
    },
    close: () =>
      new Promise((resolve) => {
        // A held request whose client is gone would otherwise keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
