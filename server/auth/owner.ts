import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { accounts, storeMembers, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

/**
 * Makes sure the store has an owner. There is no public sign-up: the first owner
 * comes from ADMIN_EMAIL / ADMIN_PASSWORD, or gets a generated password that is
 * printed once, now, and never again.
 */
export async function ensureOwner(
  db: Database,
  { config, log, tenantId, fallbackEmail }: { config: Config; log: Logger; tenantId: string; fallbackEmail: string },
): Promise<void> {
  const [member] = await db.select().from(storeMembers).where(eq(storeMembers.tenantId, tenantId)).limit(1);
  if (member) return;

  const email = (config.ADMIN_EMAIL ?? fallbackEmail).toLowerCase();
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(password);

  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = existing?.id ?? randomUUID();
    if (!existing) {
      await tx.insert(users).values({ id: userId, name: "Store owner", email, emailVerified: true });
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
    }
    await tx.insert(storeMembers).values({ tenantId, userId, role: "owner" }).onConflictDoNothing();
  });

  if (generated) {
    // Printed on stderr, outside the JSON log stream, so it is not kept in log storage.
    process.stderr.write(
      `\n  Owner account created for the admin area (/admin/login):\n    email:    ${email}\n    password: ${password}\n  This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n\n`,
    );
  }
  log.info({ email, generatedPassword: generated }, "owner account created");
}
