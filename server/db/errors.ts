/** True when a query failed on a unique constraint (SQLSTATE 23505), whichever driver and wrapper. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === "23505") return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}
