import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { servicesContext, requestContext } from "../server/context.ts";
import { getStoreSettings } from "../server/catalog/store-settings.ts";
import "./app.css";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { tenantId } = context.get(requestContext);
  const settings = await getStoreSettings(db, tenantId);
  return {
    store: {
      name: settings.storeName,
      logoUrl: settings.logoUrl,
      email: settings.contactEmail,
      phone: settings.contactPhone,
      theme: { primary: settings.primaryColor, text: settings.textColor, background: settings.bgColor },
    },
  };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { theme } = loaderData.store;
  const style = {
    "--brand-color": theme.primary,
    "--text-color": theme.text,
    "--bg-color": theme.background,
  } as React.CSSProperties;
  return (
    <div style={style} className="bg-paper text-ink min-h-screen">
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Unexpected Application Error!";
  let details = "Something went wrong on our side. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = `${error.status} ${error.statusText}`;
    details = typeof error.data === "string" ? error.data : details;
  }
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-4 text-neutral-600">{details}</p>
      <a className="mt-8 inline-block underline" href="/">
        Back to Home
      </a>
    </main>
  );
}
