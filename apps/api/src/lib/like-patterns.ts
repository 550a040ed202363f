/** Searches by text: a user's words as a LIKE pattern, its wildcards escaped. */

/** Escapes LIKE's wildcards so a search for "50%" means the characters. */
export const likePattern = (q: string) => `%${likePrefix(q)}`;

/** "Abc" → "abc%" with LIKE's wildcards escaped: lower-cased text starting with the search. */
export const likePrefix = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
