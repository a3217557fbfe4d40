import type { TestProject } from "vitest/node";
import { startAppServer } from "../../support/app-server.ts";
import { assertChromiumInstalled } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    owner: { email: string; password: string };
  }
}

const OWNER = { email: "owner@example.com", password: "stitch-and-seam-2026" };

/** One shop (production build, fresh data directory, demo store) for the whole browser suite. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  const server = await startAppServer({ env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });
  project.provide("baseUrl", server.url);
  project.provide("owner", OWNER);
  return async () => {
    await server.stop();
  };
}
