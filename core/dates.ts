// Dates as the owner reads them. The shop is in Colorado: "today", "this month" and every
// time shown in the admin are the store's local time, the same on the server and in the
// browser (a fixed locale and zone, so a page renders identically on both).

export const STORE_TIME_ZONE = "America/Denver";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: STORE_TIME_ZONE });
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: STORE_TIME_ZONE,
});

/** "Nov 23, 2026" in the store's time zone. */
export function formatStoreDate(value: Date): string {
  return DATE.format(value);
}

/** "Nov 23, 2026, 4:05 PM" in the store's time zone. */
export function formatStoreDateTime(value: Date): string {
  return DATE_TIME.format(value);
}
