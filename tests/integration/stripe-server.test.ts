import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";

// The running shop configured for Stripe (the real SDK pointed at a local stand-in):
// the checkout action, the webhook endpoint with its raw-body signature check, and
// the thank-you page all confirm one order once.
const WEBHOOK_SECRET = "whsec_server_test";

describe("Stripe through the running shop", () => {
  let standIn: StripeStandIn;
  let server: AppServer;
  const stripe = new Stripe("sk_test_unused");

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    server = await startAppServer({
      env: { STRIPE_SECRET_KEY: "sk_test_server", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  const postWebhook = (payload: object, signature?: string) => {
    const body = JSON.stringify(payload);
    return fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature":
          signature ?? stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
      },
      body,
    });
  };

  async function mailFiles(expected: number): Promise<string[]> {
    const dir = path.join(server.dataDir, "mail");
    const deadline = Date.now() + 15_000;
    for (;;) {
      const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"));
      if (files.length >= expected || Date.now() > deadline) {
        return Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("prices the order on the server, then confirms it once from the webhook and the thank-you page", async () => {
    const home = await (await fetch(server.url)).text();
    const productPath = /href="(\/product\/[a-z0-9-]+)"/.exec(home)?.[1];
    const productPage = await (await fetch(`${server.url}${productPath}`)).text();
    const structured = JSON.parse(
      /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(productPage)![1]!,
    ) as {
      productID: string;
    };
    const id = structured.productID;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const fabricCode = /name="fabric"[^>]*value="([^"]+)"/.exec(productPage)?.[1] ?? "default";

    const checkout = await fetch(`${server.url}/checkout.data`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        customer: {
          customerName: "Ada Lovelace",
          customerEmail: "ada@example.com",
          streetAddress: "1550 Blake St",
          city: "Denver",
          state: "CO",
          zipCode: "80202",
        },
        items: [{ productId: id, fabricCode, quantity: 2, price: 0.01 }],
      }),
    });
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain("https://checkout.stripe.test/pay/cs_test_1");

    const created = standIn.requests.find((request) => request.path === "/v1/checkout/sessions")!;
    const unitAmount = Number(created.form["line_items[0][price_data][unit_amount]"]);
    expect(unitAmount).toBeGreaterThan(100);
    expect(created.form["line_items[0][quantity]"]).toBe("2");

    const event = {
      id: "evt_server_1",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: { id: "cs_test_1", object: "checkout.session", payment_status: "paid", amount_total: unitAmount * 2 },
      },
    };
    expect((await postWebhook(event, "t=1,v1=forged")).status).toBe(400);
    const accepted = await postWebhook(event);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true });
    expect(await (await postWebhook(event)).json()).toEqual({ received: true, duplicate: true });

    // The shopper comes back after the webhook: the page confirms the same order, no second email.
    standIn.setPaymentStatus("cs_test_1", "paid");
    const thankYou = await (await fetch(`${server.url}/thank-you?session_id=cs_test_1&payment_complete=true`)).text();
    expect(thankYou).toContain("Thank You!");
    const orderNumber = /(VC\d{9})/.exec(thankYou)?.[1];
    expect(orderNumber).toBeDefined();

    const mails = await mailFiles(2);
    expect(mails).toHaveLength(2);
    expect(
      mails.some(
        (mail) =>
          mail.includes(`Subject: Order Confirmation - #${orderNumber}`) && mail.includes("To: ada@example.com"),
      ),
    ).toBe(true);
    expect(mails.some((mail) => mail.includes(`Subject: New Order - #${orderNumber} - Ada Lovelace`))).toBe(true);
  });

  it("refuses webhook requests without a valid signature", async () => {
    const response = await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
    expect((await fetch(`${server.url}/api/webhooks/stripe`)).status).toBe(405);
  });
});
