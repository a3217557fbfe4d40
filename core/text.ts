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
