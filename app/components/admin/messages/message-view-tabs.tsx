import { Link } from "react-router";
import { messageListQuery, type MessageView } from "../../../../core/contact-message.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";

/** Inbox and Spam as links (each view has a URL of its own), with what is waiting in each. */
export function MessageViewTabs({ view, counts }: { view: MessageView; counts: { unread: number; spam: number } }) {
  const tabs: { view: MessageView; label: string; count: number; countLabel: string }[] = [
    { view: "inbox", label: "Inbox", count: counts.unread, countLabel: "unread" },
    { view: "spam", label: "Spam", count: counts.spam, countLabel: counts.spam === 1 ? "message" : "messages" },
  ];
  return (
    <nav aria-label="Message views" className="mt-6">
      <ul className="inline-flex rounded-lg border border-stone-200 bg-white p-1 shadow-xs">
        {tabs.map((tab) => {
          const current = tab.view === view;
          return (
            <li key={tab.view}>
              <Link
                to={`${adminPath("messages")}${messageListQuery(tab.view)}`}
                aria-current={current ? "page" : undefined}
                className={
                  "inline-flex h-11 items-center gap-2 rounded-md px-4 text-sm font-medium transition-colors sm:h-9 " +
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
                  (current ? "bg-stone-900 text-white" : "text-stone-600 hover:text-stone-900")
                }
              >
                {tab.label}
                {tab.count > 0 ? (
                  <span
                    className={
                      "rounded-full px-2 py-0.5 text-xs font-semibold " +
                      (current ? "bg-white/20 text-white" : "bg-stone-100 text-stone-700")
                    }
                  >
                    {tab.count}
                    <span className="sr-only"> {tab.countLabel}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
