import { mkdirSync, writeFileSync } from "node:fs";
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
export async function startMailCatcher(options: { port?: number; dir?: string } = {}): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to, raw, ...parseMessage(raw) });
        if (options.dir) writeFileSync(path.join(options.dir, `${Date.now()}-${received.length}.eml`), raw);
        callback();
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
