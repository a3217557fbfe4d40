import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { servicesContext, storeContext } from "../server/context.ts";
import { getStoreSettings } from "../server/catalog/store-settings.ts";
import { answerDatabaseOutage } from "../server/http/database-outage.ts";
import { SHOP_UNAVAILABLE_MESSAGE } from "../core/constants.ts";
import { PageAnnouncer } from "./components/ui/page-announcer.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import interLatin from "./fonts/inter-latin-wght-normal.woff2?url";
import sourceSerifLatin from "./fonts/source-serif-4-latin-normal.woff2?url";
import stylesheet from "./styles.css?url";

export const middleware: Route.MiddlewareFunction[] = [answerDatabaseOutage];

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const scope = context.get(storeContext);
  const settings = await getStoreSettings(scope);
  return {
    /** The shop's public address, for canonical URLs and Open Graph tags. */
    origin: config.PUBLIC_URL,
    store: {
      name: settings.storeName,
      logoUrl: settings.logoUrl,
      email: settings.contactEmail,
      phone: settings.contactPhone,
      theme: { primary: settings.primaryColor, text: settings.textColor, background: settings.bgColor },
    },
  };
}

// Store settings change rarely; the root data is reloaded only after a form submission.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

// The two faces the first paint uses (body text and headings); the italic loads when needed.
const FONT_PRELOADS = [interLatin, sourceSerifLatin].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous" as const,
}));

export const links: Route.LinksFunction = () => [
  ...FONT_PRELOADS,
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

/** The owner's colours as CSS variables (Tailwind's brand / ink / paper read them). */
function themeStyle(theme: RootLoaderData["store"]["theme"] | undefined): React.CSSProperties | undefined {
  if (!theme) return undefined;
  return {
    "--brand-color": theme.primary,
    "--text-color": theme.text,
    "--bg-color": theme.background,
  } as React.CSSProperties;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootLoaderData>("root");
  return (
    <html lang="en" style={themeStyle(data?.store.theme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* precedence puts the stylesheet ahead of the scripts' preloads in the head, so on a
            browser's six connections the first paint never waits behind them. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Links />
      </head>
      <body className="min-h-screen font-sans antialiased">
        {children}
        <PageAnnouncer />
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it (browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <div className="bg-paper text-ink min-h-screen">
      <Outlet />
    </div>
  );
}

const UNEXPECTED_ERROR = "Unexpected Application Error!";

/**
 * The error page's heading by status. Not the response's status text: React Router gives a thrown
 * data() that sets none "Internal Server Error", whatever its status.
 */
const ERROR_TITLES: Record<number, string> = {
  400: "Bad Request",
  403: "Access Denied",
  404: "Page Not Found",
  405: "Method Not Allowed",
  413: "Request Too Large",
  415: "Unsupported Content Type",
  429: "Too Many Requests",
  503: "We'll be right back",
};

/** The status's title; another client error is a bad request, another server error unexpected. */
function errorTitle(status: number): string {
  return ERROR_TITLES[status] ?? (status < 500 ? ERROR_TITLES[400]! : UNEXPECTED_ERROR);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Absent when an action failed: no loader runs then.
  const storeName = useRouteLoaderData<RootLoaderData>("root")?.store.name;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  let details = "Something went wrong on our side. Please try again in a moment.";
  if (status === 503) details = SHOP_UNAVAILABLE_MESSAGE;
  else if (isRouteErrorResponse(error) && typeof error.data === "string") details = error.data;
  else if (status < 500) details = "The request could not be completed. Please check the address and try again.";
  const title = errorTitle(status);
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      {/* No route's meta describes the root's error page: it names itself (React moves the title to the head). */}
      <title>{storeName ? `${title} | ${storeName}` : title}</title>
      <p className="text-ink/70 text-xs font-semibold tracking-[0.3em] uppercase">{`Error ${status}`}</p>
      <h1 className="mt-4 font-serif text-3xl">{title}</h1>
      <p className="text-ink/70 mt-4">{details}</p>
      <a className="mt-8 inline-block underline" href="/">
        Back to Home
      </a>
    </main>
  );
}
