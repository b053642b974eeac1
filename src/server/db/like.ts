/**
 * LIKE / ILIKE patterns from what a user typed. PostgreSQL's default LIKE escape is the backslash
 * (on 15 and 18 alike), so escaping `\`, `%` and `_` with it makes a search for `%` find a percent
 * sign, not every row.
 */

/** The text with LIKE's wildcards (and the escape itself) matched literally. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** "Contains `text`": `%…%` around the escaped text. */
export const likeContains = (text: string): string => `%${likeLiteral(text)}%`;
