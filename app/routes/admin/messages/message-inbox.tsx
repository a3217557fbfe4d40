import { Inbox, ShieldAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, useFetcher } from "react-router";
import type { Route } from "./+types/message-inbox";
import {
  MESSAGE_NOT_FOUND,
  MESSAGE_NOTICES,
  messageActionSchema,
  messageListQuery,
  parseMessageView,
  type InboxMessage,
  type MessageAction,
  type MessageActionAnswer,
} from "../../../../core/contact-message.ts";
import { parseForm } from "../../../../core/forms.ts";
import { countUnreadMessages } from "../../../../server/admin-attention.ts";
import {
  countSpamMessages,
  deleteMessage,
  listMessages,
  markMessageNotSpam,
  markMessageRead,
  markMessageSpam,
  markMessageUnread,
} from "../../../../server/contact/message-inbox.ts";
import { storeContext } from "../../../../server/context.ts";
import { keysetRequestOf } from "../../../../server/db/keyset-cursor.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { adminButtonClass } from "../../../components/admin/admin-button.tsx";
import { AdminErrorPanel } from "../../../components/admin/admin-error-boundary.tsx";
import { ConfirmDialog } from "../../../components/admin/confirm-dialog.tsx";
import { MessageListItem } from "../../../components/admin/messages/message-list-item.tsx";
import { KeysetPager } from "../../../components/admin/keyset-pager.tsx";
import { MessageViewTabs } from "../../../components/admin/messages/message-view-tabs.tsx";
import { useStoreName } from "../../../components/admin/use-store-name.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { adminMeta, adminPath } from "../admin-pages.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const view = parseMessageView(params.get("view"));
  // A cursor this server never made is the client's mistake.
  const page = keysetRequestOf(params);
  if (!page) throw data("This page link is not valid", { status: 400 });
  const scope = context.get(storeContext);
  const [list, unread, spam] = await Promise.all([
    listMessages(scope, view, page),
    countUnreadMessages(scope),
    countSpamMessages(scope),
  ]);
  return { view, ...list, counts: { unread, spam } };
}

const CHANGES: Record<MessageAction["intent"], typeof markMessageRead> = {
  read: markMessageRead,
  unread: markMessageUnread,
  "not-spam": markMessageNotSpam,
  spam: markMessageSpam,
  delete: deleteMessage,
};

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(messageActionSchema, await readForm(request));
  if (!parsed.ok) {
    return data<MessageActionAnswer>({ ok: false, error: "Unknown request" }, { status: 400 });
  }
  const { intent, messageId } = parsed.value;
  // Scoped to this store: another store's message is not found here, and stays as it was.
  const found = await CHANGES[intent](context.get(storeContext), messageId);
  if (!found) return data<MessageActionAnswer>({ ok: false, error: MESSAGE_NOT_FOUND }, { status: 404 });
  return data<MessageActionAnswer>({ ok: true, intent, notice: MESSAGE_NOTICES[intent] });
}

export default function MessageInboxPage({ loaderData }: Route.ComponentProps) {
  const { view, messages, olderCursor, newerCursor, counts } = loaderData;
  const storeName = useStoreName();
  const heading = useRef<HTMLHeadingElement>(null);
  // Deleting and moving out of spam take the message off this page: their answers are read
  // here, by a fetcher that outlives the message's row.
  const change = useFetcher<MessageActionAnswer>();
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  const busy = change.state !== "idle";

  const submitChange = (request: MessageAction) => change.submit(request, { method: "post" });

  useEffect(() => {
    if (change.state !== "idle" || !change.data) return;
    if (!change.data.ok) notifyError(change.data.error);
    else if (change.data.notice) {
      notify(change.data.notice);
      // The row that held focus is gone: bring the owner back to the top of the list.
      heading.current?.focus();
    }
  }, [change.state, change.data]);

  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-stone-900 focus:outline-none">
        Messages
      </h1>
      <p className="mt-1 text-sm text-stone-600">What shoppers sent from your Contact page, newest first.</p>

      <MessageViewTabs view={view} counts={counts} />

      {messages.length === 0 ? (
        <EmptyState view={view} paged={newerCursor !== null} />
      ) : (
        <ul aria-label={view === "spam" ? "Spam messages" : "Messages"} className="mt-6 space-y-3">
          {messages.map((message) => (
            <MessageListItem
              key={message.id}
              message={message}
              view={view}
              storeName={storeName}
              busy={busy && change.formData?.get("messageId") === message.id}
              onDelete={() => setDeleting(message)}
              onNotSpam={() => void submitChange({ intent: "not-spam", messageId: message.id })}
              onSpam={() => void submitChange({ intent: "spam", messageId: message.id })}
            />
          ))}
        </ul>
      )}

      <KeysetPager
        label="Pages of messages"
        olderCursor={olderCursor}
        newerCursor={newerCursor}
        pageUrl={(page) => `${adminPath("messages")}${messageListQuery(view, page)}`}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this message?"
        message={
          deleting
            ? `The message from ${deleting.name} (${deleting.email}) will be deleted for good. This cannot be undone.`
            : ""
        }
        confirmLabel={busy ? "Deleting..." : "Delete"}
        busy={busy}
        onConfirm={() => {
          if (!deleting) return;
          void submitChange({ intent: "delete", messageId: deleting.id }).then(() => setDeleting(null));
        }}
      />
    </div>
  );
}

function EmptyState({ view, paged }: { view: "inbox" | "spam"; paged: boolean }) {
  const Icon = view === "spam" ? ShieldAlert : Inbox;
  const [title, text] = paged
    ? ["No older messages", "Every message here has been shown on the pages before."]
    : view === "spam"
      ? [
          "No spam",
          "Messages the contact form's spam protection sets aside appear here, so you can check none came from a person.",
        ]
      : ["No messages yet", "Messages shoppers send from your Contact page appear here, and in your email."];
  return (
    <section className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
      <Icon aria-hidden className="size-10 text-stone-400" />
      <h2 className="mt-4 text-lg font-semibold text-stone-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-stone-600">{text}</p>
    </section>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("messages");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A page link this server did not make: retrying it cannot help, the first page can.
  if (isRouteErrorResponse(error) && error.status === 400) {
    return (
      <div>
        <h1 className="text-2xl font-semibold text-stone-900">Messages</h1>
        <section
          role="alert"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6 text-sm text-amber-900"
        >
          <p>{typeof error.data === "string" ? error.data : "This page link is not valid"}</p>
          <Link to={adminPath("messages")} className={adminButtonClass("secondary", "mt-4")}>
            Go to the inbox
          </Link>
        </section>
      </div>
    );
  }
  return <AdminErrorPanel error={error} heading="Messages" failure="Failed to load messages" />;
}
