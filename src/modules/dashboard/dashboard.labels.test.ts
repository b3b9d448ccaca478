import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/japanese-date";
import { INQUIRY_STATUS_LABELS } from "./dashboard.labels";

describe("formatDate", () => {
  it("shows a timestamp as the date in Japan", () => {
    expect(formatDate(new Date("2026-01-04T16:30:00Z"))).toBe("2026/01/05");
  });
  it("shows a date column as stored, and a dash for none", () => {
    expect(formatDate("2026-03-31")).toBe("2026/03/31");
    expect(formatDate(null)).toBe("—");
  });
});

describe("labels", () => {
  it("names the inquiry statuses in Japanese", () => {
    expect(INQUIRY_STATUS_LABELS).toMatchObject({ REVIEW: "審査中", OPEN: "公開中", CLOSED: "締切" });
  });
});
