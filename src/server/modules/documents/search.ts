/**
 * The full-text search's query side: the words typed, accents folded exactly as the stored vector's
 * text is (`fold_accents`, migration 0023), each a prefix (« Dup » finds « Dupont ») and all
 * required. Only letters and digits reach `to_tsquery`, so no input can be tsquery syntax.
 */
const FOLD_FROM = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ';
const FOLD_TO = 'aaaaaaceeeeiiiinooooouuuuyyoa';
const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

export const foldAccents = (text: string): string => [...text.toLowerCase()].map((c) => FOLD.get(c) ?? c).join('');

/** The tsquery text for what was typed, or null when it holds no word. */
export function searchQuery(typed: string): string | null {
  const words = foldAccents(typed)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 16);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}
