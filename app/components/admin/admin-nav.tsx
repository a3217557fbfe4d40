import { NavLink } from "react-router";
import { adminPath, SIDEBAR_PAGES, type SidebarBadge } from "../../routes/admin/admin-pages.ts";

/** The counts beside the sidebar's links, by the badge names of the page registry. */
export type NavCounts = Readonly<Record<SidebarBadge, number>>;

/** How a screen reader hears each count after the link's name: "Orders, 3 new". */
const BADGE_WORDS: Record<SidebarBadge, string> = { newOrders: "new", unreadMessages: "unread" };

/** Past this, the badge shows "99+". */
const BADGE_MAX = 99;

/** The admin sections (from the page registry); in the desktop sidebar and the mobile slide-out menu. */
export function AdminNav({ counts = null, onNavigate }: { counts?: NavCounts | null; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-1">
        {SIDEBAR_PAGES.map((page) => {
          const Icon = page.sidebar.icon;
          const badge = "badge" in page.sidebar ? page.sidebar.badge : undefined;
          const count = badge && counts ? counts[badge] : 0;
          const shown = count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
          return (
            <li key={page.id}>
              <NavLink
                to={adminPath(page.id)}
                // The badge's number alone means little when heard: "Orders, 3 new". The label holds
                // the link's visible text ("Orders 3"), as speech input needs.
                aria-label={count > 0 && badge ? `${page.sidebar.label}, ${shown} ${BADGE_WORDS[badge]}` : undefined}
                // /admin itself is current only on the dashboard, not on every page below it.
                end={page.path === ""}
                onClick={onNavigate}
                className={({ isActive }) =>
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors " +
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
                  (isActive ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100 hover:text-stone-900")
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon aria-hidden className="size-4" />
                    {page.sidebar.label}
                    {count > 0 ? " " : null}
                    {count > 0 ? (
                      <span
                        aria-hidden
                        data-badge={badge}
                        className={
                          "ml-auto min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums " +
                          (isActive ? "bg-white text-stone-900" : "bg-stone-900 text-white")
                        }
                      >
                        {shown}
                      </span>
                    ) : null}
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
