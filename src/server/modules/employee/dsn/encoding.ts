/**
 * DSN files come from payroll software of every age: UTF-8 (with or without a BOM) or Latin-1.
 * Nothing in the file says which, so a file that is valid UTF-8 is read as UTF-8 and any other
 * as Latin-1 (every byte sequence is valid Latin-1; binary content is caught by the parser) —
 * unless it is UTF-8 with a few stray Windows bytes (a ’ or œ pasted from a word processor into one
 * address): when its valid multi-byte UTF-8 sequences outnumber its invalid bytes, each sequence is
 * read as UTF-8 and each stray byte as Windows-1252, so « Béranger » does not become « BÃ©ranger ».
 */
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

// WHATWG's 'latin1' label is windows-1252, a superset of ISO-8859-1 for printable text (€, œ, ’).
const windows1252 = new TextDecoder('latin1');

/** Length of the valid UTF-8 sequence starting at `i` (2–4 bytes), or 0 when the byte there starts none. */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  const length =
    lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return 0;
  const second = bytes[i + 1]!;
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
  if (lead === 0xe0 && second < 0xa0) return 0;
  if (lead === 0xed && second > 0x9f) return 0;
  if (lead === 0xf0 && second < 0x90) return 0;
  if (lead === 0xf4 && second > 0x8f) return 0;
  return length;
}

/** UTF-8 where the bytes are UTF-8, Windows-1252 for each byte that is not; null when Latin-1 is the likelier reading. */
function mixedUtf8(bytes: Uint8Array): string | null {
  let sequences = 0;
  let strays = 0;
  for (let i = 0; i < bytes.length;) {
    if (bytes[i]! < 0x80) i++;
    else {
      const length = utf8SequenceAt(bytes, i);
      if (length > 0) sequences++;
      else strays++;
      i += length || 1;
    }
  }
  if (sequences <= strays) return null;
  const utf8 = new TextDecoder('utf-8');
  let text = '';
  let from = 0;
  for (let i = 0; i < bytes.length;) {
    if (bytes[i]! < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceAt(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    text += utf8.decode(bytes.subarray(from, i)) + windows1252.decode(bytes.subarray(i, i + 1));
    from = ++i;
  }
  return text + utf8.decode(bytes.subarray(from));
}

export function decodeDsnBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'latin-1' } {
  const hasBom = bytes.length >= 3 && UTF8_BOM.every((b, i) => bytes[i] === b);
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    const mixed = mixedUtf8(body);
    if (mixed !== null) return { text: mixed, encoding: 'utf-8' };
    return { text: windows1252.decode(body), encoding: 'latin-1' };
  }
}
