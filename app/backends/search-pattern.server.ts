/**
 * Catalogue search is a case-insensitive substring match on name and description, with
 * every character of the term matched literally (docs/catalogue.md#search): these build the patterns.
 */

/** An ILIKE pattern (escape character `\`, Postgres' default) matching `term` anywhere. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A POSIX regular expression matching `term` literally. In Postgres' regular expressions a
 * backslash before a non-alphanumeric character makes it literal, so every ASCII punctuation
 * character is escaped; letters, digits, spaces and non-ASCII characters are never special.
 */
export function literalRegex(term: string): string {
  return term.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}
