import { describe, expect, it } from "vitest";
import { csvFilename, japanDateTime, toCsv } from "@/lib/csv";

type Row = { name: string | null; n?: number; at?: Date; ok?: boolean };

describe("toCsv", () => {
  const columns = [
    { header: "名前", value: (r: Row) => r.name },
    { header: "数", value: (r: Row) => r.n },
    { header: "日時", value: (r: Row) => r.at },
    { header: "有効", value: (r: Row) => r.ok },
  ];

  it("starts with a BOM, ends lines with CRLF and quotes what needs quoting", () => {
    const csv = toCsv<Row>(columns, [
      { name: '株式会社"引用",カンマ', n: 3, at: new Date("2026-03-31T15:30:00Z"), ok: true },
      { name: "改行\nあり", n: -1 },
      { name: null },
    ]);
    expect(csv).toBe(
      "\uFEFF名前,数,日時,有効\r\n" +
        '"株式会社""引用"",カンマ",3,2026-04-01 00:30:00,はい\r\n' +
        '"改行\nあり",-1,,\r\n' +
        ",,,\r\n",
    );
  });

  it("makes text that Excel would run as a formula plain text; numbers stay numbers", () => {
    const csv = toCsv<Row>(columns, [
      { name: '=HYPERLINK("x")', n: -5 },
      { name: "+81" },
      { name: "@SUM(A1)" },
    ]);
    expect(csv.split("\r\n").slice(1, 4)).toEqual(['"\'=HYPERLINK(""x"")",-5,,', "'+81,,,", "'@SUM(A1),,,"]);
  });
});

describe("file names and dates", () => {
  it("dates the file and the cells in Japan time", () => {
    expect(csvFilename("buyers", new Date("2026-12-31T15:00:00Z"))).toBe("buyers-20270101.csv");
    expect(japanDateTime(new Date("2026-01-05T01:02:03Z"))).toBe("2026-01-05 10:02:03");
  });
});
