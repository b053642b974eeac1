/**
 * DSN files come from payroll software of every age: UTF-8 (with or without a BOM) or Latin-1.
 * Nothing in the file says which, so a file that is valid UTF-8 is read as UTF-8 and any other
 * as Latin-1 (every byte sequence is valid Latin-1; binary content is caught by the parser).
 */
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

export function decodeDsnBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'latin-1' } {
  const hasBom = bytes.length >= 3 && UTF8_BOM.every((b, i) => bytes[i] === b);
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    // WHATWG's 'latin1' label is windows-1252, a superset of ISO-8859-1 for printable text (€, œ, ’).
    return { text: new TextDecoder('latin1').decode(body), encoding: 'latin-1' };
  }
}
