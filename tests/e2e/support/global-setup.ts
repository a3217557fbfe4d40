import type { TestProject } from "vitest/node";
import { startAppServer } from "../../support/app-server.ts";
import { assertChromiumInstalled } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One shop (production build, fresh data directory, demo store) for the whole browser suite. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  const server = await startAppServer();
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
  };
}
