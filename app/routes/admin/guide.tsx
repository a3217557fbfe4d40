import {
  Inbox,
  LifeBuoy,
  Mail,
  Package,
  Paintbrush,
  Palette,
  Phone,
  Rocket,
  SlidersHorizontal,
  type LucideIcon,
} from "lucide-react";
import { Tabs } from "radix-ui";
import { useId, useState, type ReactNode } from "react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/guide";
import type { RootLoaderData } from "../../root.tsx";
import { FABRIC_COLORS, MAX_FABRIC_IMAGES } from "../../../core/fabric.ts";
import { MAX_FABRIC_OPTIONS } from "../../../core/product.ts";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary.tsx";
import { adminMeta, adminPath } from "./admin-pages.ts";

// The owner's guide to this admin area: static text, one tab per part of the work.
// ?tab=products (and so on) opens a tab directly, so a tab can be linked to.

const TABS = [
  { value: "getting-started", label: "Getting Started", icon: Rocket },
  { value: "orders-messages", label: "Orders & Messages", icon: Inbox },
  { value: "products", label: "Products", icon: Package },
  { value: "fabric-library", label: "Fabric Library", icon: Palette },
  { value: "store-customization", label: "Store Customization", icon: Paintbrush },
  { value: "advanced-settings", label: "Advanced Settings", icon: SlidersHorizontal },
  { value: "troubleshooting", label: "Troubleshooting", icon: LifeBuoy },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon }[];

type TabValue = (typeof TABS)[number]["value"];

const DEFAULT_TAB: TabValue = "getting-started";

/** The tab a ?tab= value names, or the first tab for a missing or unknown one. */
function tabOf(requested: string | null): TabValue {
  return TABS.find((tab) => tab.value === requested)?.value ?? DEFAULT_TAB;
}

/** A link to a tab of this guide. */
const guideTab = (tab: TabValue) => `${adminPath("guide")}?tab=${tab}`;
/** A link to a tab of the Settings page. */
const settingsTab = (tab: "general" | "categories" | "account") => `${adminPath("settings")}?tab=${tab}`;

export default function AdminGuide() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const [tab, setTab] = useState<TabValue>(tabOf(requested));
  // The ?tab= value last acted on. A link to another tab (from this page or elsewhere)
  // changes the URL and the tab follows; the URL this page writes itself changes nothing.
  const [seen, setSeen] = useState(requested);
  if (requested !== seen) {
    setSeen(requested);
    setTab(tabOf(requested));
  }

  function choose(value: string) {
    const next = tabOf(value);
    const param = next === DEFAULT_TAB ? null : next;
    setTab(next);
    setSeen(param);
    // The address shows the open tab, so it can be copied and shared; no history entry per tab.
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (param) params.set("tab", param);
        else params.delete("tab");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">Admin Guide</h1>
      <p className="mt-1 max-w-2xl text-sm text-stone-600">
        How to run your shop from this admin area: orders and messages, products, fabrics, branding, settings, and what
        to do when something goes wrong.
      </p>

      <Tabs.Root value={tab} onValueChange={choose} className="mt-6">
        <Tabs.List
          aria-label="Guide topics"
          className="inline-flex flex-wrap gap-0.5 rounded-lg border border-stone-200 bg-white p-1 shadow-xs"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900 data-[state=active]:bg-stone-900 data-[state=active]:text-white"
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="getting-started" className={panelClass}>
          <GettingStarted />
        </Tabs.Content>
        <Tabs.Content value="orders-messages" className={panelClass}>
          <OrdersAndMessages />
        </Tabs.Content>
        <Tabs.Content value="products" className={panelClass}>
          <ProductsTopic />
        </Tabs.Content>
        <Tabs.Content value="fabric-library" className={panelClass}>
          <FabricLibraryTopic />
        </Tabs.Content>
        <Tabs.Content value="store-customization" className={panelClass}>
          <StoreCustomization />
        </Tabs.Content>
        <Tabs.Content value="advanced-settings" className={panelClass}>
          <AdvancedSettings />
        </Tabs.Content>
        <Tabs.Content value="troubleshooting" className={panelClass}>
          <Troubleshooting />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

const panelClass =
  "mt-6 space-y-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-stone-900 rounded-xl";

// ---------------------------------------------------------------- Getting Started

function GettingStarted() {
  return (
    <>
      <Section title="Welcome">
        <p>
          This admin area is where you run the shop: the orders to make, the messages to answer, the products shoppers
          see, the fabrics they choose from, your branding and your account. Every page is in the sidebar (on a phone,
          behind the menu button at the top):
        </p>
        <ul className={bullets}>
          <li>
            <GuideLink to={adminPath("dashboard")}>Dashboard</GuideLink>: orders to make and ready for pickup, unread
            messages, sales this month and day by day, best sellers, how many products you have, and a warning if an
            email could not be sent.
          </li>
          <li>
            <GuideLink to={adminPath("orders")}>Orders</GuideLink>: every order, to make, hand over and refund; the
            number beside it counts new orders.
          </li>
          <li>
            <GuideLink to={adminPath("messages")}>Messages</GuideLink>: what shoppers wrote from the Contact page; the
            number beside it counts unread ones.
          </li>
          <li>
            <GuideLink to={adminPath("products")}>Products</GuideLink>: every design, with its pictures, price and
            fabrics.
          </li>
          <li>
            <GuideLink to={adminPath("fabrics")}>Fabric Library</GuideLink>: your fabrics, their swatches, upcharges and
            stock, in one place for every product.
          </li>
          <li>
            <GuideLink to={adminPath("settings")}>Settings</GuideLink>: branding, contact details, categories and your
            password.
          </li>
          <li>
            <GuideLink to={adminPath("diagnostics")}>Diagnostics</GuideLink>: checks to run when something looks wrong.
          </li>
        </ul>
        <p>
          <strong className="font-medium text-stone-900">View Store</strong> opens the shop as shoppers see it;{" "}
          <strong className="font-medium text-stone-900">Logout</strong> signs you out and returns to the sign-in page.
        </p>
      </Section>

      <Section title="First steps">
        <ol className={numbered}>
          <li>
            In <GuideLink to={settingsTab("general")}>Settings › General</GuideLink>, set your store name, logo and
            colours, which shoppers see on every page, and the contact email and phone shown on the Contact page.
          </li>
          <li>
            In <GuideLink to={settingsTab("categories")}>Settings › Categories</GuideLink>, name your categories (up to
            4) and give each a description and picture.
          </li>
          <li>
            Add the fabrics you sew with to the <GuideLink to={adminPath("fabrics")}>Fabric Library</GuideLink>.
          </li>
          <li>
            <GuideLink to={adminPath("product-new")}>Add your products</GuideLink> and choose the fabrics each one comes
            in.
          </li>
          <li>
            Open <strong className="font-medium text-stone-900">View Store</strong> and place an order yourself to see
            what your customers will see.
          </li>
          <li>
            Before real customers arrive, make sure email and card payments are set up (see{" "}
            <GuideLink to={guideTab("advanced-settings")}>Advanced Settings</GuideLink>).
          </li>
        </ol>
      </Section>

      <Section title="How orders reach you">
        <p>
          When a shopper pays, the order appears in <GuideLink to={adminPath("orders")}>Orders</GuideLink> as New, and
          two emails go out: a confirmation to the customer and a &ldquo;New Order&rdquo; email to your store&apos;s
          contact email. Replying to your &ldquo;New Order&rdquo; email writes to the customer. See{" "}
          <GuideLink to={guideTab("orders-messages")}>Orders &amp; Messages</GuideLink> for the rest of an order&apos;s
          way.
        </p>
      </Section>
    </>
  );
}

// ---------------------------------------------------------------- Orders & Messages

function OrdersAndMessages() {
  return (
    <>
      <Section title="Orders">
        <p>
          <GuideLink to={adminPath("orders")}>Orders</GuideLink> lists paid orders, newest first. Filter by status,
          search by order number, customer name or email, and open an order to see what was bought, in which fabric, the
          customer&apos;s details and a history of every change and email. Orders never paid for (awaiting payment,
          failed or expired) are under the Unpaid filter.
        </p>
        <ol className={numbered}>
          <li>
            <strong className="font-medium text-stone-900">New</strong>: paid, not started.{" "}
            <strong className="font-medium text-stone-900">Start making</strong> moves it to In progress.
          </li>
          <li>
            <strong className="font-medium text-stone-900">In progress</strong>: being made.{" "}
            <strong className="font-medium text-stone-900">Mark ready for pickup</strong> when it is done: the customer
            is emailed once, with your pickup place and hours.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Ready for pickup</strong>:{" "}
            <strong className="font-medium text-stone-900">Mark picked up</strong> when it has been handed over.
          </li>
        </ol>
        <p>A New or In progress order can be canceled. Cancelling does not return the money: refund it as well.</p>
      </Section>

      <Section title="Refunds and export">
        <ul className={bullets}>
          <li>
            Refund from an order&apos;s page, in full or in part, after confirming. The money goes back through Stripe
            (or the test provider), the customer gets one email, and the order shows what was refunded. A refund never
            exceeds what was paid.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Export CSV</strong> downloads the orders as filtered, one row
            per item, for a spreadsheet.
          </li>
          <li>The Dashboard&apos;s sales are paid orders less refunds, by the day they were paid.</li>
        </ul>
      </Section>

      <Section title="Messages">
        <p>
          <GuideLink to={adminPath("messages")}>Messages</GuideLink> is the inbox of the Contact page, newest first.
          Opening a message marks it read; Reply opens your email app with the shopper&apos;s address and a subject
          filled in; Delete asks you to confirm. Each message is emailed to your contact email too.
        </p>
        <p>
          Messages that look automated (a hidden field filled in, or a form sent too fast for a person) are kept aside
          under Spam and not emailed to you. Look there now and then: a real message caught by mistake can be moved back
          to the inbox.
        </p>
      </Section>
    </>
  );
}

// ---------------------------------------------------------------- Products

function ProductsTopic() {
  return (
    <>
      <Section title="Adding a product">
        <p>
          <GuideLink to={adminPath("product-new")}>Add a product</GuideLink> in three steps; Next checks each step
          before you move on, and nothing is saved until the last one: leave before then and the shop asks first. Should
          you be signed out before you save (on another device, say), what you entered comes back once you sign in
          again.
        </p>
        <ol className={numbered}>
          <li>
            <strong className="font-medium text-stone-900">Basic Information</strong>: name, URL slug, category, price
            and description. The slug follows the name until you change it; shoppers find the product at
            /product/your-slug, and no two products may share one. Change a product&apos;s slug later and its old
            address keeps leading to it. Prices are in dollars, such as 45.00. A new product&apos;s description starts
            from your <GuideLink to={settingsTab("general")}>Product Description Template</GuideLink>; at least 20
            characters are recommended.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Product Images</strong>: a main picture (required), shown in
            the shop&apos;s lists, and optional detail and inside pictures.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Fabric Options</strong>: the fabrics shoppers choose from
            (see below). This step appears only while fabric selection is on.
          </li>
        </ol>
        <p>
          <strong className="font-medium text-stone-900">Create Product</strong> saves everything at once and takes you
          back to the product list.
        </p>
      </Section>

      <Section title="Pictures">
        <p className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 font-medium text-stone-900">
          Images should be JPG, PNG or WebP under 5MB.
        </p>
        <ul className={bullets}>
          <li>
            <strong className="font-medium text-stone-900">Upload File</strong>: click to choose a picture, or drag and
            drop it onto the box.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Use URL</strong>: paste the address of a picture online; the
            shop fetches it once and keeps its own copy.
          </li>
          <li>
            The shop re-encodes every picture, shrinks it to at most 2000 pixels on its longest side and makes smaller
            copies for phones, so there is no need to resize before uploading. Files up to 20MB are accepted, but
            pictures under 5MB upload much faster.
          </li>
          <li>Anything that is not a picture (a PDF, a document, an SVG drawing) is refused.</li>
        </ul>
      </Section>

      <Section title="Fabric options">
        <p>
          With <strong className="font-medium text-stone-900">Enable fabric selection for this product</strong> on,
          shoppers must pick a fabric, and each fabric can add an upcharge to the price and show its own pictures. A
          product can offer up to {MAX_FABRIC_OPTIONS} fabrics.
        </p>
        <ul className={bullets}>
          <li>
            <strong className="font-medium text-stone-900">Select from Library</strong>: pick a fabric from your{" "}
            <GuideLink to={adminPath("fabrics")}>Fabric Library</GuideLink>. You may give it a custom upcharge or a
            custom product picture for this product only; otherwise it uses the library&apos;s. A library fabric stays
            linked: when you change it in the library, this product follows.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Manual Entry</strong>: type a code, name and upcharge and add
            a swatch for a fabric used only here. It is not linked to the library, so library changes and stock do not
            reach it.
          </li>
          <li>
            With fabric selection off, the product has two steps and is sold as it is, in one default fabric created
            automatically.
          </li>
        </ul>
        <p>A product with fabric selection on can be bought only while at least one of its fabrics is in stock.</p>
      </Section>

      <Section title="Editing and deleting">
        <p>
          The <GuideLink to={adminPath("products")}>product list</GuideLink> can be searched by name. Edit opens the
          same three steps with the product filled in, ending in{" "}
          <strong className="font-medium text-stone-900">Update Product</strong>. Delete asks you to confirm and removes
          the product from the shop; orders already placed keep what was bought.
        </p>
      </Section>
    </>
  );
}

// ---------------------------------------------------------------- Fabric Library

function FabricLibraryTopic() {
  return (
    <>
      <Section title="One place for every fabric">
        <p>
          The <GuideLink to={adminPath("fabrics")}>Fabric Library</GuideLink> holds each fabric once: its swatch,
          upcharge, pictures and stock. Products offer library fabrics, so a change made here reaches every product that
          uses the fabric. Each card shows how many products use it; the link opens the product list showing just those
          products.
        </p>
      </Section>

      <Section title="Adding a fabric">
        <p>
          Use <GuideLink to={adminPath("fabric-new")}>Add Fabric</GuideLink> for the full form, or Quick add on the
          library page for the same fields in a dialog.
        </p>
        <ul className={bullets}>
          <li>
            <strong className="font-medium text-stone-900">Fabric Code</strong>: carts, products and orders know a
            fabric by its code. It follows the name until you change it, and Generate makes a unique one. Codes cannot
            change once the fabric is added, and no two fabrics may share one (whatever their capitals).
          </li>
          <li>
            <strong className="font-medium text-stone-900">Colour Category</strong>: one of {FABRIC_COLORS.length}{" "}
            colours, used by the colour filters here and in the product wizard. Custom Colour Name (such as Dusty Rose)
            is shown on the card.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Price Upcharge</strong>: added to a product&apos;s price when
            a shopper picks this fabric; leave it empty for none.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Fabric Swatch Image</strong> (required) and up to{" "}
            {MAX_FABRIC_IMAGES} pictures of products in this fabric, shown while a shopper has it chosen.
          </li>
          <li>
            <strong className="font-medium text-stone-900">Sort Order</strong>: lower numbers appear first.
          </li>
        </ul>
      </Section>

      <Section title="Stock">
        <p>
          Switch <strong className="font-medium text-stone-900">In Stock</strong> off when a fabric runs out. Every
          product offering it then shows it as out of stock and shoppers cannot choose it; a cart already holding it
          shows a message naming it, and checkout refuses it. A product whose fabrics are all out of stock cannot be
          bought. Switch it back on and it sells again everywhere.
        </p>
      </Section>

      <Section title="Changes reach every product">
        <p>
          When you save a library fabric, the products using it change with it: name, swatch and stock always; the
          upcharge and pictures too, unless a product set its own custom upcharge or picture when the fabric was added
          to it.
        </p>
        <p>
          Deleting a fabric asks you to confirm, names how many products offer it, and removes it from all of them.
          Orders already placed keep the fabric they were bought in. It cannot be undone.
        </p>
      </Section>
    </>
  );
}

// ---------------------------------------------------------------- Store Customization

function StoreCustomization() {
  return (
    <>
      <Section title="Store Branding">
        <p>
          In <GuideLink to={settingsTab("general")}>Settings › General</GuideLink>, Store Branding sets what shoppers
          see on every page:
        </p>
        <ul className={bullets}>
          <li>Your logo (around 250 × 100 pixels works well).</li>
          <li>
            Three colours: <strong className="font-medium text-stone-900">Brand</strong> for buttons and highlights,{" "}
            <strong className="font-medium text-stone-900">Text</strong> and{" "}
            <strong className="font-medium text-stone-900">Background</strong>. Keep text dark enough on the background
            for everyone to read.
          </li>
          <li>Your store name.</li>
          <li>
            Your contact email and phone, shown on the Contact page. Orders and contact messages are sent to this email,
            and the shop&apos;s emails come from it.
          </li>
        </ul>
      </Section>

      <Section title="Pickup">
        <p>
          Also in <GuideLink to={settingsTab("general")}>Settings › General</GuideLink>: your pickup place (the address,
          and directions if they help) and pickup hours, such as &ldquo;Saturdays 10–2, or by arrangement&rdquo;. Both
          are sent to the customer when an order is ready for pickup.
        </p>
      </Section>

      <Section title="Product Description Template">
        <p>
          Also in <GuideLink to={settingsTab("general")}>Settings › General</GuideLink>: the text every new product
          starts with, such as how you make and finish your pieces. Change it for each product as you add it; products
          already saved keep their own description.
        </p>
      </Section>

      <Section title="Categories">
        <p className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 font-medium text-stone-900">
          The store is limited to 4 categories for optimal navigation.
        </p>
        <p>
          In <GuideLink to={settingsTab("categories")}>Settings › Categories</GuideLink> you can:
        </p>
        <ul className={bullets}>
          <li>Rename a category and change its description and picture.</li>
          <li>Change its URL slug; links to the old address keep working and lead to the new one.</li>
          <li>Delete a category, choosing another category to move its products to.</li>
          <li>Add a category while there are fewer than four.</li>
        </ul>
      </Section>

      <Section title="Your account">
        <p>
          <GuideLink to={settingsTab("account")}>Settings › Account</GuideLink> changes your password. Doing so signs
          you out everywhere else. Forgot it? Use &ldquo;Forgot your password?&rdquo; on the sign-in page: the reset
          link is emailed to you and works once, within an hour.
        </p>
      </Section>
    </>
  );
}

// ---------------------------------------------------------------- Advanced Settings

function AdvancedSettings() {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const webhookUrl = `${root?.origin ?? ""}/api/webhooks/stripe`;
  return (
    <>
      <Section title="Server configuration">
        <p>
          Email, payments and the database are set where the shop is installed, in environment variables or a .env file
          beside it (the README and .env.example describe each), not on an admin page. The shop reads them when it
          starts, so restart it after a change; a wrong value stops it at start with a message naming the setting.
        </p>
        <dl className="divide-y divide-stone-100 rounded-lg border border-stone-200">
          <Setting name="PUBLIC_URL">
            The address customers use, such as https://shop.example.com. Links in emails and payment pages are built
            from it.
          </Setting>
          <Setting name="SMTP_URL">
            The mail server that sends the shop&apos;s emails (smtp:// or smtps://, with its user and password). Without
            it, emails are only written as files to the server&apos;s mail folder and reach nobody.
          </Setting>
          <Setting name="MAIL_FROM">The address emails come from; without it, your store&apos;s contact email.</Setting>
          <Setting name="STRIPE_SECRET_KEY">
            Turns on card payments through Stripe Checkout. Without it, checkout uses a built-in test payment page where
            no money moves.
          </Setting>
          <Setting name="STRIPE_WEBHOOK_SECRET">Lets the shop verify the payment notices Stripe sends.</Setting>
          <Setting name="DATABASE_URL">
            A PostgreSQL server. Without it, the shop keeps its own database in its data folder.
          </Setting>
          <Setting name="DATA_DIR">
            The data folder: the built-in database, every uploaded picture, and emails written to files.
          </Setting>
        </dl>
      </Section>

      <Section title="Payments">
        <ul className={bullets}>
          <li>
            With Stripe configured, shoppers pay on Stripe&apos;s own checkout page; card details never pass through
            your shop.
          </li>
          <li>
            In Stripe&apos;s dashboard, add a webhook endpoint at{" "}
            <code className="rounded bg-stone-100 px-1.5 py-0.5 text-[13px] break-all text-stone-900">
              {webhookUrl}
            </code>{" "}
            for the checkout.session.completed, checkout.session.async_payment_succeeded,
            checkout.session.async_payment_failed and checkout.session.expired events, and put its signing secret in
            STRIPE_WEBHOOK_SECRET.
          </li>
          <li>
            The test payment page says plainly that no money moves. On an https address it is refused unless
            ALLOW_TEST_PAYMENTS is set, so a live shop cannot take pretend payments by mistake.
          </li>
        </ul>
      </Section>

      <Section title="Email delivery">
        <p>
          Every email (order confirmations, new orders, contact messages, password resets) is first saved in the
          database, then sent in the background, so no email is lost when the mail server is down: the shop keeps
          trying, waiting longer each time (from 30 seconds up to an hour), for about six hours. An email still unsent
          after that, or one whose address the mail server refuses for good (such as a mistyped customer address),
          becomes a failed email, listed in <GuideLink to={adminPath("diagnostics")}>Diagnostics</GuideLink> with a
          Retry button.
        </p>
      </Section>

      <Section title="Diagnostics">
        <p>
          <GuideLink to={adminPath("diagnostics")}>Diagnostics</GuideLink> checks the shop when you press{" "}
          <strong className="font-medium text-stone-900">Run Diagnostics</strong>. It shows:
        </p>
        <ul className={bullets}>
          <li>who is signed in, and which store you are managing;</li>
          <li>for each database table, whether PostgreSQL row-level security keeps one store&apos;s data apart;</li>
          <li>
            how many products the database holds against how many the shop shows, and any products filed under the wrong
            store (tenant issues), with a <strong className="font-medium text-stone-900">Fix n Tenant Issues</strong>{" "}
            button to put them right;
          </li>
          <li>emails that failed to send, each with Retry;</li>
          <li>the payment provider (Stripe or the built-in test provider) and whether Stripe webhooks have arrived;</li>
          <li>the database engine and the migrations applied.</li>
        </ul>
      </Section>
    </>
  );
}

// ---------------------------------------------------------------- Troubleshooting

function Troubleshooting() {
  return (
    <>
      <SupportContact />

      <Section title="An email did not arrive">
        <ol className={numbered}>
          <li>
            Open <GuideLink to={adminPath("diagnostics")}>Diagnostics</GuideLink> and press Run Diagnostics. Emails that
            failed to send are listed there; press <strong className="font-medium text-stone-900">Retry</strong> to send
            one again.
          </li>
          <li>
            If many emails fail, or none arrive at all, check the SMTP settings where the shop is installed: SMTP_URL
            must name your mail server with the right user and password (see{" "}
            <GuideLink to={guideTab("advanced-settings")}>Advanced Settings</GuideLink>). Without SMTP_URL, no email
            leaves the server.
          </li>
          <li>
            If one customer&apos;s email was refused, the address is probably mistyped: contact the customer by phone
            and retry once it is corrected.
          </li>
        </ol>
      </Section>

      <Section title="A picture is refused">
        <p>
          Images should be JPG, PNG or WebP under 5MB. Save the picture in one of those formats from your photo app, and
          export large photos at a smaller size. Files over 20MB and pictures over 50 megapixels are refused.
        </p>
      </Section>

      <Section title="A product cannot be bought or is missing">
        <ul className={bullets}>
          <li>
            Marked unavailable: fabric selection is on and none of its fabrics is in stock. Switch a fabric back in
            stock in the <GuideLink to={adminPath("fabrics")}>Fabric Library</GuideLink>, or add another fabric to the
            product.
          </li>
          <li>
            Missing from the shop: run <GuideLink to={adminPath("diagnostics")}>Diagnostics</GuideLink> and compare the
            products in the database with those the shop shows; fix any tenant issues it lists.
          </li>
        </ul>
      </Section>

      <Section title="Messages you may see">
        <ul className={bullets}>
          <li>&ldquo;A product with this slug already exists&rdquo;: choose another URL slug in Basic Information.</li>
          <li>
            &ldquo;Fabric with code … already exists&rdquo;: every fabric needs its own code; press Generate for a new
            one.
          </li>
          <li>
            &ldquo;Too many attempts, try again later&rdquo; when signing in: wait a while, or reset your password from
            the sign-in page.
          </li>
          <li>
            &ldquo;The shop is briefly unavailable&rdquo;: the database cannot be reached. It usually passes within a
            minute; if not, check the server and DATABASE_URL.
          </li>
        </ul>
      </Section>
    </>
  );
}

/** The store's own contact details, as Settings › General has them (from the root route's data). */
function SupportContact() {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const email = root?.store.email ?? "";
  const phone = root?.store.phone ?? "";
  return (
    <Section title="Support contact">
      <p>
        Your store&apos;s support contact is the email and phone shoppers see on the Contact page. Orders and contact
        messages are sent to this email. Keep it current in{" "}
        <GuideLink to={settingsTab("general")}>Settings › General</GuideLink>.
      </p>
      {email || phone ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          {email ? <ContactItem icon={Mail} term="Email" href={`mailto:${email}`} value={email} /> : null}
          {phone ? (
            <ContactItem icon={Phone} term="Phone" href={`tel:${phone.replace(/[^\d+]/g, "")}`} value={phone} />
          ) : null}
        </dl>
      ) : (
        <p className="font-medium text-stone-900">
          No contact email or phone is set yet: add them in{" "}
          <GuideLink to={settingsTab("general")}>Settings › General</GuideLink>.
        </p>
      )}
    </Section>
  );
}

function ContactItem({
  icon: Icon,
  term,
  href,
  value,
}: {
  icon: LucideIcon;
  term: string;
  href: string;
  value: string;
}) {
  return (
    <div className="rounded-lg border border-stone-200 px-4 py-3">
      <dt className="flex items-center gap-2 text-xs text-stone-500">
        <Icon aria-hidden className="size-3.5" />
        {term}
      </dt>
      <dd className="mt-1">
        <a href={href} className={linkClass}>
          {value}
        </a>
      </dd>
    </div>
  );
}

// ---------------------------------------------------------------- pieces

const bullets = "list-disc space-y-2 pl-5 marker:text-stone-400";
const numbered = "list-decimal space-y-2 pl-5 marker:font-medium marker:text-stone-500";
const linkClass =
  "font-medium text-stone-900 underline decoration-stone-400 underline-offset-2 hover:decoration-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";

/** A card of the guide with its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-6 shadow-xs">
      <h2 id={id} className="text-base font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

function GuideLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** One configuration variable and what it does. */
function Setting({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt>
        <code className="text-[13px] font-medium text-stone-900">{name}</code>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("guide");

// Errors show inside the admin shell, with the sidebar still there.
export const ErrorBoundary = AdminErrorBoundary;
