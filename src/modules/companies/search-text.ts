// Japanese has no spaces between words: text is split with Intl.Segmenter so that a
// keyword search finds two-character words (部品, 板金) on PGlite and PostgreSQL alike.
const segmenter = new Intl.Segmenter("ja", { granularity: "word" });

export function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** The distinct words of some texts, normalized, in order of first appearance. */
export function wordsOf(...texts: Array<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const s of segmenter.segment(normalize(text))) {
      if (s.isWordLike && s.segment.trim()) seen.add(s.segment.trim());
    }
  }
  return [...seen];
}

/** The stored search text: the words joined by spaces. */
export function searchTextOf(...texts: Array<string | null | undefined>): string {
  return wordsOf(...texts).join(" ");
}

/** The words a keyword must all match (each as a substring of the stored text). */
export function keywordTerms(keyword: string | undefined): string[] {
  if (!keyword) return [];
  // Spaces the user typed separate terms; each part is segmented like the stored text.
  const terms = normalize(keyword)
    .split(/\s+/)
    .filter(Boolean)
    // The stored text is segmented the same way, so each word of a part must appear in it.
    .flatMap((part) => {
      const words = wordsOf(part);
      return words.length ? words : [part];
    });
  return [...new Set(terms)].slice(0, 10);
}

/**
 * The characters and character pairs a term needs in the stored text: the SQL function
 * search_grams() (migration 0001) indexes each stored word's, so a term's grams narrow the
 * candidates through a GIN index before LIKE decides. Counted in code points, as PostgreSQL does.
 */
export function termGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length < 2) return chars;
  return [...new Set(chars.slice(1).map((c, i) => chars[i]! + c))];
}

/** Escapes LIKE wildcards in a term. */
export function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
