import type { Database } from "../db/client.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import { escapeHtml } from "../mail/escape-html.ts";

/** The password-reset email, in the store's name. */
export async function passwordResetEmail(
  db: Database,
  tenantId: string,
  { link, expiresInMinutes }: { link: string; expiresInMinutes: number },
): Promise<{ subject: string; html: string; text: string }> {
  const store = await getStoreSettings({ db, tenantId });
  const subject = `Reset your ${store.storeName} admin password`;
  const text = [
    "Hello,",
    "",
    `Someone asked to reset the password of your ${store.storeName} admin account.`,
    "To choose a new password, open this link:",
    "",
    link,
    "",
    `The link works once and expires in ${expiresInMinutes} minutes.`,
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#fdfcf7;font-family:Arial,Helvetica,sans-serif;color:#1f1e1d">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e7e2d6;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="font-family:Georgia,serif;font-size:22px;margin:0 0 16px">${escapeHtml(store.storeName)}</h1>
<p style="margin:0 0 16px">Someone asked to reset the password of your admin account.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f1e1d;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">Choose a new password</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#55524c">The link works once and expires in ${expiresInMinutes} minutes.</p>
<p style="margin:0;font-size:14px;color:#55524c">If you did not ask for this, ignore this email: your password stays as it is.</p>
</td></tr></table>
</body></html>`;
  return { subject, html, text };
}
