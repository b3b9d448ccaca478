import { render, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { TicketUsageHistory } from "./ticket-usages";

// The supplier's ticket usage history (docs/trust.md "Refund"): a ticket that came back reads
// 「返却済み」 with its date and reason, a running clock says until when, and the rule links to its guide.

const page = {
  page: 1,
  perPage: 10,
  total: 3,
  items: [
    {
      id: "u1",
      inquiry: { id: "i1", title: "アルミ筐体の切削加工" },
      usedAt: "2026-11-20T01:00:00.000Z",
      refundDueAt: null,
      refund: {
        kind: "NO_REPLY",
        refundedAt: "2026-11-30T01:00:00.000Z",
        reason: "発注者から5営業日以内に返信がなかったため自動返却",
      },
    },
    {
      id: "u2",
      inquiry: { id: "i2", title: "化粧水の充填" },
      usedAt: "2026-12-01T01:00:00.000Z",
      refundDueAt: "2026-12-08T01:00:00.000Z",
      refund: null,
    },
    {
      id: "u3",
      inquiry: { id: "i3", title: "樹脂成形の試作" },
      usedAt: "2026-10-01T01:00:00.000Z",
      refundDueAt: null,
      refund: { kind: "OPERATOR", refundedAt: "2026-10-02T01:00:00.000Z", reason: "運営による返却" },
    },
  ],
};

function renderHistory() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => page, dedupingInterval: 0 }}>
      <TicketUsageHistory companyId="c1" />
    </SWRConfig>,
  );
}

describe("the ticket usage history", () => {
  it("shows a refunded ticket as 返却済み with its date and reason, and a running clock with its deadline", async () => {
    renderHistory();
    const rows = await screen.findAllByRole("listitem");
    expect(rows).toHaveLength(3);
    const [noReply, waiting, operator] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(noReply).getByRole("link", { name: "アルミ筐体の切削加工" }).getAttribute("href")).toBe(
      "/account/oem/contact/i1",
    );
    expect(within(noReply).getByText("返却済み")).toBeTruthy();
    expect(within(noReply).getByText("2026/11/30")).toBeTruthy();
    expect(within(noReply).getByText("発注者から5営業日以内に返信がなかったため自動返却")).toBeTruthy();
    expect(within(noReply).getByText("商談スレッドと連絡先は引き続きご覧いただけます。")).toBeTruthy();
    expect(within(waiting).getByText("発注者の返信待ち")).toBeTruthy();
    expect(waiting.textContent).toContain("2026/12/08 10:00までに開封・返信がなければ");
    expect(within(operator).getByText("運営による返却")).toBeTruthy();
    expect(within(operator).queryByText("商談スレッドと連絡先は引き続きご覧いただけます。")).toBeNull();
  });

  it("explains when a ticket comes back and links to the guide", async () => {
    renderHistory();
    await screen.findAllByRole("listitem");
    expect(
      screen.getByText(/チケットを使ってメッセージを送った後、発注者が5営業日以内に開封・返信しない場合/),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "チケットの返却について" }).getAttribute("href")).toBe(
      "/guide/ticket-refund",
    );
  });
});
