import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { cartCount } from "../../lib/cart-lines.ts";
import { useCartLines } from "../../lib/cart-store.ts";
import { categoryPath, type NavCategory } from "./nav-links.ts";
import { SearchForm } from "./search-form.tsx";

// A native modal <dialog>: focus moves in and is trapped, Escape closes it and the page
// behind is inert — with no dialog library in the storefront's JavaScript.

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 font-serif text-lg wrap-anywhere transition-colors hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-ink ${
    isActive ? "text-ink underline decoration-brand decoration-2 underline-offset-8" : "text-ink/85"
  }`;

/** The phone's menu: opens each time `requests` grows (a tap on the menu button). */
export function MenuDrawer({ categories, requests }: { categories: NavCategory[]; requests: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const count = cartCount(useCartLines());
  const location = useLocation();
  const close = () => dialog.current?.close();

  // Any navigation (a link here, the back button, a search) closes the drawer.
  useEffect(() => {
    dialog.current?.close();
  }, [location.key]);

  useEffect(() => {
    if (requests > 0 && !dialog.current?.open) dialog.current?.showModal();
  }, [requests]);

  return (
    // Clicking the backdrop (the dialog element itself, outside the panel) closes it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-label="Menu"
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="drawer bg-paper text-ink fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-[85vw] p-0 shadow-2xl backdrop:bg-ink/40"
    >
      <div className="flex h-full flex-col gap-6 p-5">
        <div className="flex items-center justify-between">
          <span className="font-serif text-xl">Menu</span>
          <button
            type="button"
            onClick={close}
            aria-label="Close menu"
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-ink"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <SearchForm onSearch={close} />
        <nav aria-label="Mobile">
          <ul className="flex flex-col">
            <li>
              <NavLink to="/" end className={linkClass} onClick={close}>
                Home
              </NavLink>
            </li>
            {categories.map((category) => (
              <li key={category.slug}>
                <NavLink to={categoryPath(category.slug)} className={linkClass} onClick={close}>
                  {category.name}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/contact" className={linkClass} onClick={close}>
                Contact
              </NavLink>
            </li>
            <li className="border-ink/10 mt-2 border-t pt-2">
              <NavLink to="/cart" className={linkClass} onClick={close}>
                Cart ({count})
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
