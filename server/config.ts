import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_CONTACT_MIN_FILL_SECONDS } from "../core/contact-message.ts";

// Empty strings in a .env file mean "not set", not "set to nothing".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), "must start with postgres:// or postgresql://");

// Express's names for address ranges a proxy may sit in.
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];
const MAX_PROXY_HOPS = 10;

/** An IP address, or a CIDR range (address/prefix length). */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For the server believes when it decides a request's client
 * address (sign-in throttles count per client): `false`, the socket address is the
 * client; a hop count; or the proxies' addresses, CIDR ranges and named ranges.
 */
const trustProxy = optional(z.string()).transform((value, ctx): false | number | string[] => {
  const text = (value ?? "false").trim().toLowerCase();
  if (text === "false" || text === "0") return false;
  if (text === "true") {
    ctx.addIssue({
      code: "custom",
      message: "true would believe any client's X-Forwarded-For; name the proxies or give a hop count",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return hops;
    ctx.addIssue({ code: "custom", message: `a hop count must be at most ${MAX_PROXY_HOPS}` });
    return z.NEVER;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: "custom",
    message: `"${bad.join('", "')}" is not false, a hop count, an IP address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(", ")}`,
  });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: trustProxy,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional(postgresUrl),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optional(z.string()),
  STRIPE_SECRET_KEY: optional(z.string().startsWith("sk_")),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith("whsec_")),
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  DEMO_DATA: z
    .enum(["true", "false", ""])
    .default("true")
    .transform((value) => value !== "false"),
  // For tests: what a first start copies instead of making (tests make both once a run,
  // scripts/test-fixtures.ts): a migrated embedded database, and the drawn demo pictures.
  EMBEDDED_DATABASE_TEMPLATE: optional(z.string()),
  DEMO_PICTURES_DIR: optional(z.string()),
  ALLOW_TEST_PAYMENTS: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((value) => value === "true"),
  // For tests only: lets "Use URL" import from loopback and private addresses (a local test server).
  UPLOAD_ALLOW_PRIVATE_URLS: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((value) => value === "true"),
  // Seconds from showing the contact form to sending it below which a message counts as a bot's;
  // browser tests that type in milliseconds lower it.
  CONTACT_MIN_FILL_SECONDS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().min(0).max(600).default(DEFAULT_CONTACT_MIN_FILL_SECONDS),
  ),
  // Anonymous storefront pages kept rendered in memory (decision 012); false renders every request.
  PAGE_CACHE: z
    .enum(["true", "false", ""])
    .default("true")
    .transform((value) => value !== "false"),
  // The page cache's memory budget per app process, in megabytes.
  PAGE_CACHE_MAX_MB: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(4096).default(64),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = Omit<z.infer<typeof envSchema>, "PUBLIC_URL" | "AUTH_SECRET" | "DATA_DIR"> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  /** True when the shop is served over https, so cookies are Secure and HSTS is sent. */
  secure: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once at boot and fails fast with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return {
    ...values,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: values.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    secure: publicUrl.startsWith("https://"),
  };
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
