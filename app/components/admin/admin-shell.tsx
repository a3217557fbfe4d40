import { ExternalLink, LogOut, Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { AdminNav, type NavCounts } from "./admin-nav.tsx";

/** The frame of every protected admin page: sidebar on desktop, slide-out menu on mobile. */
export function AdminShell({
  storeName,
  email,
  counts = null,
  children,
}: {
  storeName: string;
  email: string;
  /** What needs attention, beside the sidebar's links; null when unknown. */
  counts?: NavCounts | null;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen bg-stone-50 text-stone-900">
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-stone-200 bg-white md:flex">
        <SidebarContents storeName={storeName} email={email} counts={counts} />
      </aside>

      <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-stone-200 bg-white/95 px-4 backdrop-blur md:hidden">
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger
            className="-ml-2 inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-stone-900"
            aria-label="Open menu"
          >
            <Menu aria-hidden className="size-5" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none">
              <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
              <Dialog.Description className="sr-only">Sections of the admin area</Dialog.Description>
              <Dialog.Close
                className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-stone-900"
                aria-label="Close menu"
              >
                <X aria-hidden className="size-5" />
              </Dialog.Close>
              <SidebarContents
                storeName={storeName}
                email={email}
                counts={counts}
                onNavigate={() => setMenuOpen(false)}
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <span className="font-serif text-lg">{storeName}</span>
        <span className="w-8" />
      </header>

      <div className="md:pl-64">
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10 lg:px-10">{children}</main>
      </div>
    </div>
  );
}

function SidebarContents({
  storeName,
  email,
  counts,
  onNavigate,
}: {
  storeName: string;
  email: string;
  counts: NavCounts | null;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-stone-200 px-5 py-5">
        <Link to="/admin" onClick={onNavigate} className="block font-serif text-xl text-stone-900">
          {storeName}
        </Link>
        <p className="mt-0.5 text-xs tracking-wide text-stone-500 uppercase">Admin</p>
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        <AdminNav counts={counts} onNavigate={onNavigate} />
      </div>
      <div className="space-y-1 border-t border-stone-200 px-3 py-4">
        <p className="truncate px-3 pb-2 text-xs text-stone-500" title={email}>
          {email}
        </p>
        <Link
          to="/"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-stone-900"
        >
          <ExternalLink aria-hidden className="size-4" />
          View Store
        </Link>
        {/* Closed once the form's data is taken: should a "Leave without saving?" question hold the
            sign-out, Keep editing returns to the page, not to the menu. */}
        <Form method="post" action="/admin/logout" onSubmit={onNavigate}>
          <button
            type="submit"
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-stone-900"
          >
            <LogOut aria-hidden className="size-4" />
            Logout
          </button>
        </Form>
      </div>
    </div>
  );
}
