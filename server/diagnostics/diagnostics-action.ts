import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { parseForm } from "../../core/forms.ts";
import { adminContext, servicesContext, storeContext } from "../context.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import { readForm } from "../http/request-body.ts";
import { retryFailedEmail } from "../mail/outbox.ts";
import type { DiagnosticsAnswer, DiagnosticsReport } from "../../core/diagnostics.ts";
import { buildDiagnosticsReport } from "./store-report.ts";
import { fixTenantIssues } from "./tenant-integrity.ts";

// The Diagnostics page's server half: the report (its loader, run again by revalidation)
// and the page's two writes, the tenant fix and an email's retry.

export const DIAGNOSTICS_MESSAGES = {
  runFailed: "Error running diagnostics",
  fixed: "Tenant issues fixed. Running diagnostics again...",
  nothingToFix: "No tenant issues to fix",
  fixFailed: "Error fixing tenant issues",
  emailQueued: "Email queued to send again",
  emailNotFound: "Email not found",
  emailNotFailed: "This email is no longer failed: it is queued or already sent",
  retryFailed: "Error retrying the email",
} as const;

export type DiagnosticsLoaderData = { report: DiagnosticsReport; error: null } | { report: null; error: string };

/** The report, or the reason there is none (an outage is a 503 with the shop's message). */
export async function loadDiagnostics(context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  try {
    const report = await buildDiagnosticsReport(services, context.get(storeContext), context.get(adminContext));
    return data<DiagnosticsLoaderData>({ report, error: null });
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return data<DiagnosticsLoaderData>({ report: null, error: SHOP_UNAVAILABLE_MESSAGE }, { status: 503 });
    }
    services.log.error({ err: error }, "diagnostics failed");
    return data<DiagnosticsLoaderData>({ report: null, error: DIAGNOSTICS_MESSAGES.runFailed }, { status: 500 });
  }
}

const requestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("fix-tenant-issues") }),
  z.object({ intent: z.literal("retry-email"), emailId: z.string().max(100) }),
]);

function answer(body: DiagnosticsAnswer, status = 200) {
  return data<DiagnosticsAnswer>(body, { status });
}

export async function diagnosticsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const scope = context.get(storeContext);
  const { log } = context.get(servicesContext);
  const parsed = parseForm(requestSchema, await readForm(request));
  if (!parsed.ok) return answer({ intent: null, ok: false, message: "Unknown request" }, 400);
  const body = parsed.value;

  if (body.intent === "fix-tenant-issues") {
    try {
      const fixed = await fixTenantIssues(scope);
      if (fixed > 0) log.warn({ fixed, tenantId: scope.tenantId }, "tenant issues fixed");
      return answer({
        intent: body.intent,
        ok: true,
        fixed,
        message: fixed > 0 ? DIAGNOSTICS_MESSAGES.fixed : DIAGNOSTICS_MESSAGES.nothingToFix,
      });
    } catch (error) {
      if (isDatabaseUnavailable(error))
        return answer({ intent: body.intent, ok: false, message: SHOP_UNAVAILABLE_MESSAGE }, 503);
      log.error({ err: error }, "tenant fix failed");
      return answer({ intent: body.intent, ok: false, message: DIAGNOSTICS_MESSAGES.fixFailed }, 500);
    }
  }

  try {
    const outcome = await retryFailedEmail(scope.db, scope.tenantId, body.emailId);
    if (outcome === "queued")
      return answer({ intent: body.intent, ok: true, message: DIAGNOSTICS_MESSAGES.emailQueued });
    return outcome === "not-found"
      ? answer({ intent: body.intent, ok: false, message: DIAGNOSTICS_MESSAGES.emailNotFound }, 404)
      : answer({ intent: body.intent, ok: false, message: DIAGNOSTICS_MESSAGES.emailNotFailed }, 409);
  } catch (error) {
    if (isDatabaseUnavailable(error))
      return answer({ intent: body.intent, ok: false, message: SHOP_UNAVAILABLE_MESSAGE }, 503);
    log.error({ err: error, emailId: body.emailId }, "email retry failed");
    return answer({ intent: body.intent, ok: false, message: DIAGNOSTICS_MESSAGES.retryFailed }, 500);
  }
}
