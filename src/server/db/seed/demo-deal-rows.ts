// The demo's deal room: a thread for every live entry, opened with the entry's message; an entry
// with a proposed price becomes a first quote (第1版); a shortlisted one got the buyer's reply, a
// declined one the buyer's お見送り. Runs after every other section (it draws from the same generator).
import type * as t from "../schema";
import type { DemoContext, Row } from "./demo-context";
import type { DemoInquiryRows } from "./demo-inquiry-rows";

export interface DemoDealRows {
  dealThreads: Row<typeof t.dealThreads>[];
  dealMessages: Row<typeof t.dealMessages>[];
  dealQuoteVersions: Row<typeof t.dealQuoteVersions>[];
}

const firstNumber = (text: string | null | undefined): number | undefined => {
  const m = /(\d[\d,]*)/.exec(text ?? "");
  return m ? Number(m[1]!.replaceAll(",", "")) : undefined;
};
/** The last "N日" of a lead-time text (「サンプル2週間、量産は処方確定後30日」 → 30). */
const lastDays = (text: string | null | undefined): number | undefined => {
  const all = [...(text ?? "").matchAll(/(\d+)\s*日/g)];
  return all.length ? Number(all[all.length - 1]![1]) : undefined;
};
const jstDate = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

export function dealRows({ rng, clock }: DemoContext, { inquiries, entries }: DemoInquiryRows): DemoDealRows {
  const dealThreads: Row<typeof t.dealThreads>[] = [];
  const dealMessages: Row<typeof t.dealMessages>[] = [];
  const dealQuoteVersions: Row<typeof t.dealQuoteVersions>[] = [];
  const inquiryById = new Map(inquiries.map((q) => [q.id!, q]));

  for (const e of entries) {
    if (e.status === "CANCELLED") continue;
    const inquiry = inquiryById.get(e.inquiryId);
    if (!inquiry) continue;
    const threadId = rng.uuid();
    const openedAt = e.createdAt!;
    const messages: Row<typeof t.dealMessages>[] = [
      {
        id: rng.uuid(),
        threadId,
        side: "SUPPLIER",
        kind: "MESSAGE",
        authorUserId: e.userId,
        body: e.message,
        createdAt: openedAt,
      },
    ];
    let quoteVersion = 0;
    if (e.proposedUnitPriceYen) {
      quoteVersion = 1;
      const quotedAt = new Date(openedAt.getTime() + 5 * 60_000);
      const quantity = firstNumber(inquiry.quantity) ?? 1000;
      dealQuoteVersions.push({
        threadId,
        version: 1,
        tiers: [{ quantity, unitPriceYen: e.proposedUnitPriceYen }],
        sampleCostYen: 30_000,
        sampleLeadDays: 14,
        toolingCostYen: null,
        moq: quantity,
        leadTimeDays: lastDays(e.leadTime) ?? 45,
        paymentTerms: "月末締め翌月末払い",
        validUntil: jstDate(new Date(quotedAt.getTime() + 30 * 86_400_000)),
        notes: e.leadTime ? `納期の目安: ${e.leadTime}` : null,
        submittedByUserId: e.userId,
        createdAt: quotedAt,
      });
      messages.push({
        id: rng.uuid(),
        threadId,
        side: "SUPPLIER",
        kind: "QUOTE",
        authorUserId: e.userId,
        body: "見積を提出しました（第1版）",
        quoteVersion: 1,
        createdAt: quotedAt,
      });
    }
    const decided = e.status === "DECLINED" ? clock.after(openedAt, 2, 3) : null;
    if (e.status === "SHORTLISTED") {
      messages.push({
        id: rng.uuid(),
        threadId,
        side: "BUYER",
        kind: "MESSAGE",
        authorUserId: inquiry.createdByUserId,
        body: "ご提案ありがとうございます。前向きに検討しております。サンプルの手配と、数量別の単価をご相談させてください。",
        createdAt: clock.after(openedAt, 1, 2),
      });
    }
    if (decided) {
      messages.push({
        id: rng.uuid(),
        threadId,
        side: "BUYER",
        kind: "DECLINE",
        authorUserId: inquiry.createdByUserId,
        body: "今回はお見送りとさせていただきます（理由: 価格）",
        createdAt: decided,
      });
    }
    const last = messages[messages.length - 1]!;
    const buyerWroteLast = last.side === "BUYER";
    dealMessages.push(...messages);
    dealThreads.push({
      id: threadId,
      inquiryId: e.inquiryId,
      buyerCompanyId: inquiry.buyerCompanyId,
      supplierCompanyId: e.supplierCompanyId,
      status: decided ? "DECLINED" : quoteVersion ? "QUOTED" : "NEW",
      quoteVersion,
      messageCount: messages.length,
      lastMessageAt: last.createdAt,
      // The buyer has read the suppliers' messages; the supplier has not yet read the buyer's last one.
      buyerReadAt: last.createdAt,
      supplierReadAt: buyerWroteLast ? openedAt : last.createdAt,
      buyerUnread: 0,
      supplierUnread: buyerWroteLast ? 1 : 0,
      reasonCode: decided ? "PRICE" : null,
      decidedAt: decided,
      decidedByUserId: decided ? inquiry.createdByUserId : null,
      openedAt,
      updatedAt: last.createdAt,
    });
  }
  return { dealThreads, dealMessages, dealQuoteVersions };
}
