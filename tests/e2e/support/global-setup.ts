import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startAppServer } from "../../support/app-server.ts";
import { startMailCatcher } from "../../support/mail-catcher.ts";
import { assertChromiumInstalled } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    owner: { email: string; password: string };
    /** Every email the shop sends arrives at a local SMTP server and is written here as .eml. */
    mailDir: string;
  }
}

const OWNER = { email: "owner@example.com", password: "stitch-and-seam-2026" };

/** One shop (production build, fresh data directory, demo store, real SMTP peer) for the whole browser suite. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  const mailDir = mkdtempSync(path.join(tmpdir(), "selvage-e2e-mail-"));
  const mail = await startMailCatcher({ dir: mailDir });
  const server = await startAppServer({
    // A browser test types a contact message in milliseconds; a person's minimum time would call it a bot.
    env: {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SMTP_URL: mail.url,
      CONTACT_MIN_FILL_SECONDS: "0",
    },
  });
  project.provide("baseUrl", server.url);
  project.provide("owner", OWNER);
  project.provide("mailDir", mailDir);
  return async () => {
    await server.stop();
    await mail.stop();
  };
}
