import { ChevronDown, Inbox, MailOpen, Reply, ShieldAlert, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  replyMailto,
  replySubject,
  type InboxMessage,
  type MessageAction,
  type MessageActionAnswer,
  type MessageView,
} from "../../../../core/contact-message.ts";
import { formatStoreDateTime } from "../../../../core/dates.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { AdminButton, adminButtonClass } from "../admin-button.tsx";

const BUTTON_SIZE = "h-11 sm:h-10";

/**
 * One message as a disclosure: its sender, time and first line, opened in place to read
 * it whole (which marks it read on the server), reply by email, mark unread or delete.
 * In the Spam view it says why it was set aside and can be moved to the inbox.
 */
export function MessageListItem({
  message,
  view,
  storeName,
  busy,
  onDelete,
  onNotSpam,
  onSpam,
}: {
  message: InboxMessage;
  view: MessageView;
  storeName: string;
  /** A delete or a move of this message is on its way. */
  busy: boolean;
  onDelete: () => void;
  onNotSpam: () => void;
  onSpam: () => void;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const reading = useFetcher<MessageActionAnswer>();
  // Read or unread as the owner just made it, before the server's answer comes back.
  const pending = reading.formData?.get("intent");
  const unread =
    view === "inbox" && (pending === "read" ? false : pending === "unread" ? true : message.readAt === null);

  const submit = (request: MessageAction) => reading.submit(request, { method: "post" });

  useEffect(() => {
    if (reading.state !== "idle" || !reading.data) return;
    if (!reading.data.ok) notifyError(reading.data.error);
    else if (reading.data.notice) notify(reading.data.notice);
  }, [reading.state, reading.data]);

  function onToggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && unread) void submit({ intent: "read", messageId: message.id });
  }

  function markUnread() {
    void submit({ intent: "unread", messageId: message.id });
    setOpen(false);
    toggle.current?.focus();
  }

  const received = formatStoreDateTime(message.createdAt);
  return (
    <li
      className={
        "rounded-xl border bg-white shadow-xs transition-opacity " +
        (unread ? "border-stone-400" : "border-stone-200") +
        (busy ? " opacity-50" : "")
      }
    >
      <h2>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-h-11 w-full items-start gap-3 rounded-xl p-4 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
        >
          <span
            aria-hidden
            className={"mt-1.5 size-2.5 shrink-0 rounded-full " + (unread ? "bg-stone-900" : "bg-transparent")}
          />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <span className={unread ? "font-semibold text-stone-900" : "font-medium text-stone-700"}>
                {unread ? <span className="sr-only">Unread: </span> : null}
                {message.name}
              </span>
              <time dateTime={message.createdAt.toISOString()} className="text-xs text-stone-500">
                {received}
              </time>
            </span>
            <span className="block truncate text-sm text-stone-600">{message.email}</span>
            {open ? null : (
              <span
                className={"mt-1 block truncate text-sm " + (unread ? "font-medium text-stone-900" : "text-stone-500")}
              >
                {message.message}
              </span>
            )}
          </span>
          <ChevronDown
            aria-hidden
            className={"mt-1 size-4 shrink-0 text-stone-500 transition-transform " + (open ? "rotate-180" : "")}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-stone-100 px-4 pt-3 pb-4 sm:pl-9">
        {open ? (
          <>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-stone-500">Email</dt>
              <dd className="min-w-0 break-words">
                <a href={`mailto:${message.email}`} className="text-stone-900 underline underline-offset-4">
                  {message.email}
                </a>
              </dd>
              <dt className="text-stone-500">Phone</dt>
              <dd>
                {message.phone ? (
                  <a
                    href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}
                    className="text-stone-900 underline underline-offset-4"
                  >
                    {message.phone}
                  </a>
                ) : (
                  <span className="text-stone-500">Not given</span>
                )}
              </dd>
              <dt className="text-stone-500">Received</dt>
              <dd>{received}</dd>
              {view === "spam" ? (
                <>
                  <dt className="text-stone-500">Set aside</dt>
                  <dd>{message.spamReason || "Caught by the spam protection"}</dd>
                </>
              ) : null}
            </dl>
            <p className="mt-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-stone-800">
              {message.message}
            </p>
            <div className="mt-5 flex flex-wrap gap-2">
              {view === "inbox" ? (
                <>
                  <a
                    href={replyMailto(message.email, replySubject(storeName))}
                    aria-label={`Reply by email to ${message.name}`}
                    className={adminButtonClass("primary", BUTTON_SIZE)}
                  >
                    <Reply aria-hidden className="size-4" />
                    Reply by email
                  </a>
                  <AdminButton variant="secondary" className={BUTTON_SIZE} onClick={markUnread}>
                    <MailOpen aria-hidden className="size-4" />
                    Mark unread
                  </AdminButton>
                  <AdminButton variant="secondary" className={BUTTON_SIZE} disabled={busy} onClick={onSpam}>
                    <ShieldAlert aria-hidden className="size-4" />
                    Mark as spam
                  </AdminButton>
                </>
              ) : (
                <AdminButton variant="secondary" className={BUTTON_SIZE} disabled={busy} onClick={onNotSpam}>
                  <Inbox aria-hidden className="size-4" />
                  Not spam
                </AdminButton>
              )}
              <AdminButton
                variant="ghost"
                className={`${BUTTON_SIZE} text-red-700 hover:bg-red-50 sm:ml-auto`}
                aria-label={`Delete the message from ${message.name}`}
                disabled={busy}
                onClick={onDelete}
              >
                <Trash2 aria-hidden className="size-4" />
                Delete
              </AdminButton>
            </div>
          </>
        ) : null}
      </div>
    </li>
  );
}
