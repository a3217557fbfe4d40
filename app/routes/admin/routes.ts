import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The owner's admin area under /admin. */
export const adminRoutes: RouteConfigEntry[] = [];
