import { awaitsDecision, type DealStatus, INQUIRY_WITHDRAWN } from "../deal.policy";

// Which deal actions a screen offers, so a button appears only when the server would accept it and
// otherwise the reason and the next step show instead (issue 33 #5). Pure: tested without a page.

export type DeclineAllOffer = { kind: "NONE" } | { kind: "DECLINE_OTHERS" | "END_INQUIRY"; names: string[] };

/**
 * 「他のメーカーをすべてお見送り」 after an award, naming every supplier it reaches; before an award
 * 「案件を終了」 (everyone declined as 案件の中止・延期). Nothing when nobody waits, when the inquiry
 * has a single supplier (its own 「お見送り」 says it), or for a member who may not decide.
 */
export function declineAllOffer(
  columns: ReadonlyArray<{ status: DealStatus; supplier: { name: string } }>,
  canDecide: boolean,
): DeclineAllOffer {
  const names = columns.filter((c) => awaitsDecision(c.status)).map((c) => c.supplier.name);
  if (!canDecide || columns.length < 2 || names.length === 0) return { kind: "NONE" };
  const awarded = columns.some((c) => c.status === "AWARDED");
  return { kind: awarded ? "DECLINE_OTHERS" : "END_INQUIRY", names };
}

export interface OpeningFacts {
  type: "BULK" | "NOMINATION";
  status: string;
  canEnter: boolean;
  needsTicket: boolean;
  entryBlockedReason: string | null;
  myEntry: { status: string } | null;
}

export type ThreadOpening =
  | { ok: true }
  | { ok: false; reason: string; next?: { label: string; href: string } };

/** Whether the supplier may open the thread now (the server's rule, docs/deal-room.md), else why not and what to do. */
export function threadOpening(d: OpeningFacts, paid: boolean): ThreadOpening {
  if (d.status === "CANCELLED") return { ok: false, reason: INQUIRY_WITHDRAWN };
  const live = d.myEntry !== null && d.myEntry.status !== "CANCELLED";
  if (d.type === "NOMINATION") {
    if (paid || live || !d.needsTicket) return { ok: true };
    return {
      ok: false,
      reason:
        "チケットを使用すると商談を始められます。このページの上部で、チケットを1枚使って発注者の連絡先を開示してください。",
    };
  }
  if (live) return { ok: true };
  if (!paid) {
    return {
      ok: false,
      reason: "公開案件の商談は、無制限プランをご契約中の企業さまがエントリーするとご利用いただけます。",
      next: { label: "無制限プランについて見る", href: "/account/oem/subscribe" },
    };
  }
  if (d.canEnter) {
    return {
      ok: false,
      reason: "エントリーすると、この案件の発注者さまと商談を始められます。",
      next: { label: "エントリーする", href: "#respond" },
    };
  }
  return { ok: false, reason: d.entryBlockedReason ?? "受付が終了した案件のため、商談は始められません。" };
}
