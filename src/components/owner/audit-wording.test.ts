import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-wording";

describe("audit wording", () => {
  it("names the fields in Japanese, uses the record's status words and hides internals", () => {
    const before = {
      id: "a",
      status: "REVIEW",
      reviewedAt: null,
      reviewedByOwnerId: null,
      updatedAt: "2026-01-01T00:00:00Z",
    };
    const after = {
      id: "a",
      status: "OPEN",
      reviewedAt: "2026-11-22T01:30:00.000Z",
      reviewedByOwnerId: "0b6e",
      updatedAt: "2026-11-22T01:30:00.000Z",
    };
    expect(auditChanges(before, after, "inquiry")).toEqual([
      { field: "状態", from: "審査中", to: "公開中" },
      { field: "審査日時", from: "—", to: "2026/11/22 10:30" },
    ]);
  });

  it("reads a plan's nested contract and the same word in another kind's vocabulary", () => {
    expect(
      auditChanges(
        { contract: { status: "WAITING", startsOn: null }, paymentStatus: "OEM_FREE" },
        { contract: { status: "ACTIVE", startsOn: "2026-12-01" }, paymentStatus: "OEM_PAID" },
        "plan_contract",
      ),
    ).toEqual([
      { field: "プラン", from: "無料", to: "有料（無制限プラン）" },
      { field: "プランの状態", from: "承認待ち", to: "契約中" },
      { field: "プラン開始日", from: "—", to: "2026/12/01" },
    ]);
    expect(auditChanges({ status: "CANCELLED" }, { status: "ENTERED" }, "entry")[0]).toEqual({
      field: "状態",
      from: "取り消し",
      to: "エントリー中",
    });
  });
});
