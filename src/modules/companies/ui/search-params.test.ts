import { describe, expect, it } from "vitest";
import { parseSelected } from "@/lib/selected-companies";
import {
  canonicalSearchPath,
  pageWindow,
  parseSearchParams,
  searchHref,
  searchSubject,
} from "./search-params";

const master = {
  categories: [
    { id: 10, name: "機械部品" },
    { id: 11, name: "金属加工" },
  ],
  prefectures: [{ id: 13, name: "東京都" }],
  features: [{ id: 1, name: "小ロット対応" }],
};
const known = {
  categoryIds: [10, 11],
  prefectureIds: [13],
  featureIds: [1],
  certificationIds: [1, 2, 12],
  processIds: [3, 4],
};
const none = { certificationIds: [], processIds: [] };

describe("parseSearchParams", () => {
  it("reads repeated keys and comma lists, keeping known ids once", () => {
    const s = parseSearchParams(
      { keyword: " 部品 ", categoryIds: ["10", "11,10"], prefectureIds: "13,99", sort: "cases", page: "2" },
      known,
    );
    expect(s.filters).toEqual({
      keyword: "部品",
      categoryIds: [10, 11],
      prefectureIds: [13],
      featureIds: [],
      certificationIds: [],
      processIds: [],
      sort: "cases",
    });
    expect(s.page).toBe(2);
  });

  it("reads the capability filters: known certifications and processes, quantities with commas or full-width digits", () => {
    const s = parseSearchParams(
      {
        certificationIds: ["12", "1,99"],
        processIds: "4",
        moqMax: "1,000",
        capacityMin: "５００００",
        quantityUnit: "個",
      },
      known,
    );
    expect(s.filters).toMatchObject({
      certificationIds: [12, 1],
      processIds: [4],
      moqMax: 1000,
      capacityMin: 50000,
      quantityUnit: "個",
    });
  });

  it("drops a quantity that is no whole number in range, and a unit without a bound or not in the list", () => {
    const bad = parseSearchParams({ moqMax: "abc", capacityMin: "0", quantityUnit: "個" }).filters;
    expect(bad.moqMax).toBeUndefined();
    expect(bad.capacityMin).toBeUndefined();
    expect(bad.quantityUnit).toBeUndefined();
    expect(parseSearchParams({ moqMax: "2000000000" }).filters.moqMax).toBeUndefined();
    expect(parseSearchParams({ moqMax: "", capacityMin: "" }).filters).toMatchObject({
      moqMax: undefined,
      capacityMin: undefined,
    });
    expect(parseSearchParams({ moqMax: "10", quantityUnit: "トン" }).filters.quantityUnit).toBeUndefined();
  });

  it("falls back to defaults field by field", () => {
    const s = parseSearchParams({ sort: "cheapest", page: "-3", categoryIds: "abc,10", keyword: "" }, known);
    expect(s.filters.sort).toBe("recommended");
    expect(s.filters.categoryIds).toEqual([10]);
    expect(s.filters.keyword).toBeUndefined();
    expect(s.page).toBe(1);
  });

  it("cuts an over-long keyword to 100 characters", () => {
    expect(parseSearchParams({ keyword: "あ".repeat(150) }).filters.keyword).toHaveLength(100);
  });
});

describe("search URLs", () => {
  const filters = {
    keyword: "部品",
    categoryIds: [11, 10],
    prefectureIds: [],
    featureIds: [1],
    ...none,
    sort: "newest" as const,
  };
  it("keeps the filters and leaves defaults out", () => {
    expect(searchHref(filters, 3)).toBe(
      "/oem/search?keyword=%E9%83%A8%E5%93%81&categoryIds=10&categoryIds=11&featureIds=1&sort=newest&page=3",
    );
    expect(
      searchHref({ ...filters, keyword: undefined, categoryIds: [], featureIds: [], sort: "recommended" }),
    ).toBe("/oem/search");
  });
  it("round-trips the capability filters through the URL", () => {
    const capability = {
      ...filters,
      certificationIds: [12, 2],
      processIds: [4, 3],
      moqMax: 1000,
      capacityMin: 50000,
      quantityUnit: "個" as const,
    };
    const href = searchHref(capability);
    expect(href).toBe(
      "/oem/search?keyword=%E9%83%A8%E5%93%81&categoryIds=10&categoryIds=11&featureIds=1&certificationIds=2&certificationIds=12&moqMax=1000&capacityMin=50000&quantityUnit=%E5%80%8B&processIds=3&processIds=4&sort=newest",
    );
    const params = Object.fromEntries(
      [...new URL(href, "http://x").searchParams.keys()].map((k) => [
        k,
        new URL(href, "http://x").searchParams.getAll(k),
      ]),
    );
    const back = parseSearchParams(params, known).filters;
    expect(back).toEqual({
      ...capability,
      certificationIds: [2, 12],
      processIds: [3, 4],
      categoryIds: [10, 11],
    });
  });
  it("drops the order from the canonical URL", () => {
    expect(canonicalSearchPath(filters, 1)).not.toContain("sort=");
  });
});

describe("pageWindow", () => {
  it("shows the ends and the neighbours with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});

describe("searchSubject", () => {
  const base = { categoryIds: [], prefectureIds: [], featureIds: [], ...none, sort: "recommended" as const };
  it("names the search in Japanese", () => {
    expect(searchSubject({ ...base, keyword: "板金" }, master).label).toBe("板金のOEMメーカー一覧");
    expect(searchSubject({ ...base, categoryIds: [10], prefectureIds: [13] }, master).label).toBe(
      "東京都の機械部品OEMメーカー一覧",
    );
    expect(searchSubject(base, master).label).toBe("OEMメーカー一覧・検索");
    // A capability narrowing is a filtered list too.
    expect(searchSubject({ ...base, moqMax: 500 }, master).label).toBe("OEMメーカー一覧");
  });
});

describe("parseSelected", () => {
  it("keeps well-formed entries once, at most 20", () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `id-${i}`, name: `企業${i}` }));
    expect(parseSelected(JSON.stringify(many))).toHaveLength(20);
    expect(parseSelected('[{"id":"a","name":"A"},{"id":"a"},{"name":"x"},3]')).toEqual([
      { id: "a", name: "A" },
    ]);
    expect(parseSelected("not json")).toEqual([]);
  });
});
