import { describe, expect, it } from "vitest";
import { fileKindLabel, fileSize, formatBytes } from "./file-size";

describe("file sizes and kinds", () => {
  it("writes sizes in both spellings", () => {
    expect(fileSize(2_345_678)).toBe("2.2 MB");
    expect(fileSize(81_920)).toBe("80 KB");
    expect(fileSize(10)).toBe("1 KB");
    expect(formatBytes(2_345_678)).toBe("2.2MB");
    expect(formatBytes(81_920)).toBe("80KB");
  });

  it("names the kind of a file", () => {
    expect(fileKindLabel("application/pdf", "a.bin")).toBe("PDF");
    expect(fileKindLabel("image/png", "a.png")).toBe("画像");
    expect(fileKindLabel("application/octet-stream", "report.xlsx")).toBe("Excel");
    expect(fileKindLabel("text/plain", "a.txt")).toBe("ファイル");
  });
});
