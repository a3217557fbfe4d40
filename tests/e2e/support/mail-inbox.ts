import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseMessage } from "../../support/mail-catcher.ts";

export interface InboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The emails received so far by the suite's SMTP server (see global-setup.ts). */
export function readInbox(dir: string): InboxMail[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), "utf8");
      const to = /^To: (.+)$/m.exec(raw.replace(/\r\n/g, "\n"))?.[1]?.trim() ?? "";
      return { file, to, ...parseMessage(raw) };
    });
}

/** Waits for an email that was not there before (`seen` holds the files already known). */
export async function waitForNewMail(
  dir: string,
  seen: Set<string>,
  match: (mail: InboxMail) => boolean,
  timeoutMs = 20_000,
): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readInbox(dir).find((mail) => !seen.has(mail.file) && match(mail));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No new matching email arrived within ${timeoutMs} ms`);
}
