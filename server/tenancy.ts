import { DEFAULT_TENANT } from "../core/constants.ts";

/**
 * The store a request belongs to: the one place that decides it. Every request belongs to
 * the one store today; serving several stores means mapping the host name to a store here,
 * and no query changes, since every query takes its store from the request's scope.
 */
export function storeOfRequest(_host: string | undefined): string {
  return DEFAULT_TENANT;
}
