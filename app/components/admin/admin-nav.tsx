import { NavLink } from "react-router";
import { adminPath, SIDEBAR_PAGES, type SidebarBadge } from "../../routes/admin/admin-pages.ts";

/** The counts beside the sidebar's links, by the badge names of the page registry. */
export type NavCounts = Readonly<Record<SidebarBadge, number>>;

/** How a screen reader hears each count after the link's name: "Orders, 3 new". */
const BADGE_WORDS: Record<SidebarBadge, string> = { newOrders: "new", unreadMessages: "unread" };

/** Past this, the badge shows "99+" (screen readers still hear the number). */
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
                {({ isActive }) => (
                  <>
                    <Icon aria-hidden className="size-4" />
                    {page.sidebar.label}
                    {badge && count > 0 ? (
                      <>
                        <span
                          aria-hidden
                          data-badge={badge}
                          className={
                            "ml-auto min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums " +
                            (isActive ? "bg-white text-stone-900" : "bg-stone-900 text-white")
                          }
                        >
                          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
                        </span>
                        <span className="sr-only">{`, ${count} ${BADGE_WORDS[badge]}`}</span>
                      </>
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
