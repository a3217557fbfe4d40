import { useEffect, useRef } from "react";
import { adminPath } from "../../routes/admin/admin-pages.ts";
import { notify } from "../../lib/notify.ts";

const KEY_PREFIX = "selvage-draft:";
/** Where a form's input waits: this tab's sessionStorage, under the page's address and the form's name. */
const draftKey = (form: string) => `${KEY_PREFIX}${window.location.pathname}#${form}`;
export const DRAFT_RESTORED_MESSAGE = "What you entered before signing in again is back: save it to keep it.";

/**
 * Keeps a form's unsaved input when the shop sends the owner to sign in while the form was
 * talking to the server: her session ended, or she was signed out on another device. The input
 * waits in this tab's sessionStorage and comes back, with a notice, when she returns to the
 * form's page after signing in (the sign-in page takes her back there). Only then: a move to
 * sign-in she chose herself (Logout, after "Leave without saving?") keeps nothing.
 *
 * `restore` gets the kept input; it has the shape of `values` when it was kept, so a stale
 * draft of another shape (the form changed meanwhile) is dropped.
 */
export function useDraftAcrossSignIn<T extends object>({
  form,
  values,
  unsaved,
  sending,
  restore,
}: {
  /** Names the form among those its page may show (the library's dialog edits any fabric). */
  form: string;
  values: T;
  unsaved: boolean;
  /** A request of the form's is on its way: the server's answer may be the move to sign-in. */
  sending: boolean;
  restore: (draft: T) => void;
}): void {
  const latest = useRef({ values, keep: false, restore });
  useEffect(() => {
    latest.current = { values, keep: unsaved && sending, restore };
  });

  useEffect(() => {
    const key = draftKey(form);
    const kept = take(key);
    if (kept && sameShape(kept, latest.current.values)) {
      latest.current.restore(kept as T);
      notify(DRAFT_RESTORED_MESSAGE);
    }
    return () => {
      // By the time the page goes, the address is already the next page's.
      if (latest.current.keep && window.location.pathname === adminPath("login")) {
        try {
          sessionStorage.setItem(key, JSON.stringify(latest.current.values));
        } catch {
          // Storage full or refused: the input is lost, as it would have been.
        }
      }
    };
  }, [form]);
}

/**
 * The forms of this page, among those named `prefix…`, whose input waits to be given back: a
 * page that shows a form in a dialog opens that dialog again.
 */
export function keptDraftForms(prefix: string): string[] {
  const page = draftKey("");
  const forms: string[] = [];
  try {
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index);
      if (key?.startsWith(page + prefix)) forms.push(key.slice(page.length));
    }
  } catch {
    // Storage refused: nothing was kept.
  }
  return forms;
}

function take(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    sessionStorage.removeItem(key);
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const kind = (item: unknown) => (Array.isArray(item) ? "array" : item === null ? "null" : typeof item);

/**
 * The same fields, each of the same kind (text, number, flag, list, object), as `like`; an
 * object's own fields alike.
 */
function sameShape(value: unknown, like: object): boolean {
  if (kind(value) !== "object") return false;
  const keys = Object.keys(like);
  return (
    keys.length === Object.keys(value as object).length &&
    keys.every((key) => {
      const item = (value as Record<string, unknown>)[key];
      const expected = (like as Record<string, unknown>)[key];
      return kind(item) === kind(expected) && (kind(expected) !== "object" || sameShape(item, expected as object));
    })
  );
}
