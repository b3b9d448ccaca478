import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BuyerFigures } from "@/modules/deals/buyer-record.schema";
import { BuyerRecordCard, BuyerRecordCompact } from "./buyer-record-card";

const established: BuyerFigures = {
  isNew: false,
  replyRate: 80,
  decisionRate: 60,
  memberSince: "2024-05",
  emailVerified: true,
  corporateNumberVerified: true,
  inquiriesLast12Months: 5,
  replyOpportunities: 10,
  repliedInTime: 8,
  closedInquiries: 5,
  decidedInquiries: 3,
  medianFirstReplyMinutes: 185,
};

const newcomer: BuyerFigures = {
  isNew: true,
  replyRate: null,
  decisionRate: null,
  memberSince: "2026-11",
  emailVerified: false,
  corporateNumberVerified: false,
  inquiriesLast12Months: 2,
  replyOpportunities: null,
  repliedInTime: null,
  closedInquiries: null,
  decidedInquiries: null,
  medianFirstReplyMinutes: null,
};

/** The value shown under a label of the card's figures. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? "";
}

describe("BuyerRecordCard", () => {
  it("shows an established buyer's figures in plain Japanese", () => {
    render(<BuyerRecordCard figures={established} />);
    const card = screen.getByRole("region", { name: "発注者の実績" });
    expect(within(card).getByText("2024年5月から利用")).toBeTruthy();
    expect(within(card).getByText("メール認証済み")).toBeTruthy();
    expect(within(card).getByText("法人番号確認済み")).toBeTruthy();
    expect(figure("返信率")).toBe("80%（5営業日以内・10件中8件）");
    expect(figure("決定率")).toBe("60%（締め切った5件中3件）");
    expect(figure("返信までの中央値")).toBe("約3時間");
    expect(figure("過去12か月の依頼")).toBe("5件");
    expect(screen.queryByText(/実績なし/)).toBeNull();
  });

  it("links to the guide that explains the figures", () => {
    render(<BuyerRecordCard figures={established} />);
    const link = screen.getByRole("link", { name: "実績の見方" });
    expect(link.getAttribute("href")).toBe("/guide/track-record");
  });

  it("shows 実績なし（新規） instead of 0% for a buyer with fewer than 3 inquiries", () => {
    render(<BuyerRecordCard figures={newcomer} />);
    expect(figure("返信率")).toBe("実績なし（新規）");
    expect(figure("決定率")).toBe("実績なし（新規）");
    expect(figure("返信までの中央値")).toBe("実績なし（新規）");
    expect(figure("過去12か月の依頼")).toBe("2件");
    expect(screen.getByText("メール未認証")).toBeTruthy();
    expect(screen.getByText("法人番号未登録")).toBeTruthy();
    expect(screen.queryByText(/0%/)).toBeNull();
  });

  // Issue 33: each figure from fewer than 3 data points reads 実績なし（新規）, even for a known buyer.
  it("says 実績なし（新規） per figure when a known buyer's figure rests on fewer than 3 data points", () => {
    render(
      <BuyerRecordCard figures={{ ...established, decisionRate: null, medianFirstReplyMinutes: null }} />,
    );
    expect(figure("返信率")).toBe("80%（5営業日以内・10件中8件）");
    expect(figure("決定率")).toBe("実績なし（新規）");
    expect(figure("返信までの中央値")).toBe("実績なし（新規）");
    expect(
      screen.getByText("集計した件数が3件未満の数値は、「実績なし（新規）」と表示しています。"),
    ).toBeTruthy();
  });
});

describe("BuyerRecordCompact", () => {
  it("shows both rates, or 実績なし（新規）, and nothing without a record", () => {
    const { rerender, container } = render(
      <BuyerRecordCompact record={{ isNew: false, replyRate: 80, decisionRate: 0 }} />,
    );
    expect(container.textContent).toBe("発注者 返信率80%・決定率0%");
    rerender(<BuyerRecordCompact record={{ isNew: true, replyRate: null, decisionRate: null }} />);
    expect(container.textContent).toBe("発注者 実績なし（新規）");
    rerender(<BuyerRecordCompact record={null} />);
    expect(container.textContent).toBe("");
  });
});

// Issue 33 item 25: the refund promise sat only in the ticket dialog; a supplier weighing a buyer's
// figures reads it beside them, with the guide that explains it.
describe("BuyerRecordCard: the ticket refund beside the figures", () => {
  it.each([
    ["established", established],
    ["new", newcomer],
  ])("a %s buyer's card says a ticket comes back after 5 business days of silence", (_, figures) => {
    render(<BuyerRecordCard figures={figures} />);
    const card = screen.getByRole("region", { name: "発注者の実績" });
    expect(card.textContent).toContain(
      "チケットを使ってメッセージを送った後、発注者が5営業日（土日・祝日・年末年始を除く）以内に開封・返信しない場合、チケットは自動で返却されます。",
    );
    expect(within(card).getByRole("link", { name: "返却の条件" }).getAttribute("href")).toBe(
      "/guide/ticket-refund",
    );
  });
});
