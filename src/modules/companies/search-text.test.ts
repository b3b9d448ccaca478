import { describe, expect, it } from "vitest";
import { keywordTerms, likeEscape, searchTextOf, termGrams, wordsOf } from "./search-text";

describe("Japanese search text", () => {
  it("splits Japanese into words so two-character words are found", () => {
    const words = wordsOf("精密板金加工と機械部品の試作に対応します");
    expect(words).toContain("板金");
    expect(words).toContain("部品");
  });

  it("normalizes full-width letters and case", () => {
    expect(searchTextOf("ＩＳＯ９００１取得")).toContain("iso9001");
  });

  it("turns a keyword into terms that must all match", () => {
    expect(keywordTerms("部品")).toEqual(["部品"]);
    expect(keywordTerms("  板金　部品 ")).toEqual(["板金", "部品"]);
    expect(keywordTerms(undefined)).toEqual([]);
  });

  it("finds what the stored text holds, whatever the segmenter does with compounds", () => {
    const stored = searchTextOf("当社は金属加工と精密板金の専門メーカーです。化粧品容器も製造。");
    const matches = (keyword: string) => keywordTerms(keyword).every((t) => stored.includes(t));
    for (const k of ["金属加工", "板金", "精密板金", "化粧品", "容器", "専門メーカー"])
      expect(matches(k), k).toBe(true);
    expect(matches("樹脂")).toBe(false);
    expect(keywordTerms(undefined)).toEqual([]);
  });

  it("turns a term into the character pairs the index must hold (a single character stays one)", () => {
    expect(termGrams("部品")).toEqual(["部品"]);
    expect(termGrams("金属加工")).toEqual(["金属", "属加", "加工"]);
    expect(termGrams("樹")).toEqual(["樹"]);
    expect(termGrams("aaa")).toEqual(["aa"]);
    // Counted in code points, as PostgreSQL's substr() does: a surrogate pair is one character.
    expect(termGrams("𠮷野")).toEqual(["𠮷野"]);
  });

  it("escapes LIKE wildcards", () => {
    expect(likeEscape("100%_a\\")).toBe("100\\%\\_a\\\\");
  });
});
