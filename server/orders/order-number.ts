/**
 * 'VC' + the last 6 digits of the time in milliseconds + a random 3-digit number,
 * e.g. VC482913507. Not unique by construction: the caller retries on a collision.
 */
export function generateOrderNumber(now: number = Date.now(), random: () => number = Math.random): string {
  const time = String(now).slice(-6).padStart(6, "0");
  const suffix = 100 + Math.floor(random() * 900);
  return `VC${time}${suffix}`;
}
