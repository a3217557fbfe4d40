import { NavLink } from "react-router";
import { adminPath, SIDEBAR_PAGES } from "../../routes/admin/admin-pages.ts";

/** The admin sections (from the page registry); in the desktop sidebar and the mobile slide-out menu. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-1">
        {SIDEBAR_PAGES.map((page) => {
          const Icon = page.sidebar.icon;
          return (
            <li key={page.id}>
              <NavLink
                to={adminPath(page.id)}
                // /admin itself is current only on the dashboard, not on every page below it.
                end={page.path === ""}
                onClick={onNavigate}
                className={({ isActive }) =>
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors " +
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
                  (isActive ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100 hover:text-stone-900")
                }
              >
                <Icon aria-hidden className="size-4" />
                {page.sidebar.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
