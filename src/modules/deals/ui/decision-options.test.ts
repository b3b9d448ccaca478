import { describe, expect, it } from "vitest";
import { declineAllOffer, threadOpening } from "./decision-options";

const col = (name: string, status: "NEW" | "QUOTED" | "AWARDED" | "DECLINED" | "WITHDRAWN") => ({
  status,
  supplier: { name },
});

describe("declineAllOffer (issue 33 #5)", () => {
  it("offers 「他のメーカーをすべてお見送り」 only after an award, naming who it reaches", () => {
    expect(
      declineAllOffer([col("東邦化成", "AWARDED"), col("関西樹脂", "QUOTED"), col("北陸精工", "NEW")], true),
    ).toEqual({ kind: "DECLINE_OTHERS", names: ["関西樹脂", "北陸精工"] });
  });

  it("before an award offers 「案件を終了」 instead, with the names", () => {
    expect(declineAllOffer([col("関西樹脂", "QUOTED"), col("北陸精工", "NEW")], true)).toEqual({
      kind: "END_INQUIRY",
      names: ["関西樹脂", "北陸精工"],
    });
  });

  it("offers nothing with nobody left, with a single supplier, or to a member who may not decide", () => {
    expect(declineAllOffer([col("東邦化成", "AWARDED"), col("関西樹脂", "DECLINED")], true)).toEqual({
      kind: "NONE",
    });
    expect(declineAllOffer([col("関西樹脂", "QUOTED")], true)).toEqual({ kind: "NONE" });
    expect(declineAllOffer([col("東邦化成", "AWARDED"), col("関西樹脂", "QUOTED")], false)).toEqual({
      kind: "NONE",
    });
  });
});

const detail = (over: Record<string, unknown> = {}) => ({
  type: "BULK" as const,
  status: "OPEN" as const,
  canEnter: true,
  needsTicket: false,
  entryBlockedReason: null,
  myEntry: null,
  ...over,
});

describe("threadOpening (issue 33 #5)", () => {
  it("lets a supplier open the thread only when the server would", () => {
    expect(threadOpening(detail({ myEntry: { status: "ENTERED" } }), true)).toEqual({ ok: true });
    expect(threadOpening(detail({ type: "NOMINATION" }), true)).toEqual({ ok: true });
    expect(threadOpening(detail({ type: "NOMINATION", needsTicket: false }), false)).toEqual({ ok: true });
  });

  it("explains the reason and the next step instead of a button that fails", () => {
    expect(threadOpening(detail({ canEnter: false }), false)).toEqual({
      ok: false,
      reason: "公開案件の商談は、無制限プランをご契約中の企業さまがエントリーするとご利用いただけます。",
      next: { label: "無制限プランについて見る", href: "/account/oem/subscribe" },
    });
    expect(threadOpening(detail(), true)).toEqual({
      ok: false,
      reason: "エントリーすると、この案件の発注者さまと商談を始められます。",
      next: { label: "エントリーする", href: "#respond" },
    });
    expect(
      threadOpening(
        detail({
          myEntry: { status: "CANCELLED" },
          canEnter: false,
          entryBlockedReason: "この案件の受付は終了しています。",
        }),
        true,
      ),
    ).toEqual({
      ok: false,
      reason: "この案件の受付は終了しています。",
    });
    expect(threadOpening(detail({ type: "NOMINATION", needsTicket: true }), false)).toEqual({
      ok: false,
      reason:
        "チケットを使用すると商談を始められます。このページの上部で、チケットを1枚使って発注者の連絡先を開示してください。",
    });
    expect(threadOpening(detail({ type: "NOMINATION", status: "CANCELLED" }), true)).toEqual({
      ok: false,
      reason: "この案件は取り下げられたため、商談は行えません。",
    });
  });
});
