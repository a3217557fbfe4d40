import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** One email as a real SMTP peer received it. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** Whether the sender announced SMTPUTF8 for this message. */
  smtpUtf8: boolean;
  /** Recipients exactly as the sender wrote them in RCPT TO (`to` has their domains decoded to Unicode). */
  rcptTo: string[];
}

export interface MailCatcherOptions {
  port?: number;
  dir?: string;
  /**
   * false: a server without SMTPUTF8, which does not offer it and refuses a non-ASCII
   * address sent without it (553 5.6.7), as Postfix does.
   */
  smtpUtf8?: boolean;
  /** Awaited before a received message is accepted: keeps the sender's send in flight. */
  beforeAccept?: (mail: CaughtMail) => Promise<void>;
}

export interface MailCatcher {
  port: number;
  /** SMTP_URL for the app. */
  url: string;
  messages(): CaughtMail[];
  /** Waits until a message matches (polling, with a deadline), and answers it. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on localhost for tests. It accepts every message; when `dir` is
 * given, each one is also written there as a .eml file (for other processes to read).
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  // smtp-server hands over addresses with punycode domains decoded; the command lines keep them as sent.
  const rcptLines = new Map<string, string[]>();
  const rawRecipients = (sessionId: string) => rcptLines.get(sessionId) ?? [];
  const noop = () => undefined;
  const commandLog = {
    trace: noop,
    info: noop,
    warn: noop,
    error: noop,
    fatal: noop,
    debug(entry: { tnx?: string; cid?: string; command?: string }, _label: string, line: unknown) {
      if (entry.tnx !== "command" || !entry.cid || typeof line !== "string") return;
      if (entry.command === "MAIL") rcptLines.set(entry.cid, []);
      const address = entry.command === "RCPT" ? /<([^>]*)>/.exec(line)?.[1] : undefined;
      if (address !== undefined) rcptLines.set(entry.cid, [...rawRecipients(entry.cid), address]);
    },
  };
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: commandLog,
    hideSMTPUTF8: options.smtpUtf8 === false,
    onRcptTo(_address, session, callback) {
      const written = rawRecipients(session.id).at(-1) ?? "";
      if (options.smtpUtf8 === false && !session.envelope.smtpUtf8 && /\P{ASCII}/u.test(written)) {
        const refusal = Object.assign(new Error("5.6.7 SMTPUTF8 is required, but was not offered by host"), {
          responseCode: 553,
        });
        return callback(refusal);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const smtpUtf8 = Boolean(session.envelope.smtpUtf8);
        const mail = { from, to, raw, smtpUtf8, rcptTo: rawRecipients(session.id), ...parseMessage(raw) };
        received.push(mail);
        if (options.dir) {
          // Renamed once whole, so a test reading the folder from another process never finds half an email.
          const file = path.join(options.dir, `${Date.now()}-${received.length}.eml`);
          writeFileSync(`${file}.part`, raw);
          renameSync(`${file}.part`, file);
        }
        if (!options.beforeAccept) return callback();
        options.beforeAccept(mail).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...received],
    async waitFor(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(
        `No matching email within ${timeoutMs} ms; received: ${received.map((m) => m.subject).join(", ")}`,
      );
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for tests: the subject and the decoded text and HTML parts. */
export function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const [head = "", body = ""] = splitHeaders(raw);
  const subject = headerValue(head, "subject");
  const parts = { text: "", html: "" };
  collectParts(head, body, parts);
  return { subject, ...parts };
}

function splitHeaders(block: string): [string, string] {
  const normalized = block.replace(/\r\n/g, "\n");
  const index = normalized.indexOf("\n\n");
  return index === -1 ? [normalized, ""] : [normalized.slice(0, index), normalized.slice(index + 2)];
}

function headerValue(head: string, name: string): string {
  const unfolded = head.replace(/\n[ \t]+/g, " ");
  const line = unfolded.split("\n").find((entry) => entry.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : "";
}

function collectParts(head: string, body: string, parts: { text: string; html: string }): void {
  const type = headerValue(head, "content-type").toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headerValue(head, "content-type"))?.[1];
  if (type.startsWith("multipart/") && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith("--")) break;
      const [partHead, partBody] = splitHeaders(section.replace(/^\n/, ""));
      collectParts(partHead, partBody, parts);
    }
    return;
  }
  const encoding = headerValue(head, "content-transfer-encoding").toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body
              .replace(/=\n/g, "")
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8")
        : body;
  if (type.startsWith("text/html")) parts.html += decoded;
  else if (type.startsWith("text/plain") || type === "") parts.text += decoded;
}
