/**
 * True when a value holds a control character (line breaks included). Names,
 * addresses and subjects never need one, and a CR/LF could break out of an email header.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Multi-line text (notes, messages) may hold line breaks and tabs but no other
 * control character; PostgreSQL refuses NUL outright.
 */
export function hasStrayControlCharacters(value: string): boolean {
  return hasControlCharacters(value.replace(/[\t\n\r]/g, ""));
}
