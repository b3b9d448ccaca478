import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ThreadSummary } from "@/modules/deals/deals.schema";
import { groupByInquiry, ThreadGroups, threadTabs } from "./thread-groups";

function thread(id: string, inquiry: string, name: string, over: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    id,
    inquiry: { id: inquiry, title: `案件${inquiry}のOEM製造`, type: "BULK", unit: "個" },
    counterpart: { companyId: `c-${id}`, name, profileUrl: null },
    status: "NEW",
    quoteVersion: 0,
    messageCount: 2,
    lastMessageAt: "2026-11-20T01:00:00.000Z",
    unread: 0,
    openedAt: "2026-11-19T01:00:00.000Z",
    ...over,
  };
}

const items = [
  thread("1", "A", "青葉工業", { status: "QUOTED", quoteVersion: 2, unread: 3 }),
  thread("2", "A", "北斗製作所"),
  thread("3", "A", "中央化成", { status: "WITHDRAWN" }),
  thread("4", "B", "南風紙器"),
];

// Issue 33, item 12: one flat list repeated each inquiry's title on every supplier's row.
describe("the 商談 list grouped by inquiry", () => {
  it("groups consecutive threads of one inquiry", () => {
    expect(groupByInquiry(items).map((g) => [g.inquiry.id, g.threads.map((t) => t.id)])).toEqual([
      ["A", ["1", "2", "3"]],
      ["B", ["4"]],
    ]);
  });

  it("shows each inquiry's title once, with a row per counterpart and the inquiry's unread total", () => {
    render(<ThreadGroups items={items} area="buyer" />);
    expect(screen.getAllByText("案件AのOEM製造")).toHaveLength(1);
    const group = screen.getByRole("region", { name: "案件AのOEM製造" });
    expect(within(group).getByRole("heading", { level: 2 }).textContent).toContain("案件AのOEM製造");
    expect(within(group).getByText("商談 3件")).toBeTruthy();
    // The inquiry's total beside its title, and the thread's own on its row.
    expect(within(group).getAllByRole("img", { name: "未読 3件" })).toHaveLength(2);
    const rows = within(group).getAllByRole("link", { name: /工業|製作所|化成/ });
    expect(rows.map((r) => r.getAttribute("href"))).toEqual([
      "/account/buyer/deals/1",
      "/account/buyer/deals/2",
      "/account/buyer/deals/3",
    ]);
    expect(rows[0]!.textContent).toContain("見積 第2版");
    // The buyer compares an inquiry's quotes from its group.
    expect(within(group).getByRole("link", { name: "見積を比較" }).getAttribute("href")).toBe(
      "/account/buyer/inquiry/A/compare",
    );
  });

  it("gives a supplier no comparison link", () => {
    render(<ThreadGroups items={items} area="oem" />);
    expect(screen.queryByRole("link", { name: "見積を比較" })).toBeNull();
    expect(screen.getByRole("region", { name: "案件BのOEM製造" })).toBeTruthy();
  });

  it("names the tabs with their counts", () => {
    const counts = { ALL: 5, NEW: 3, QUOTED: 1, AWARDED: 0, CLOSED: 1 };
    const tabs = threadTabs("buyer", counts, (tab) => `?status=${tab}`);
    expect(tabs.map((t) => t.label)).toEqual([
      "すべて（5）",
      "見積待ち（3）",
      "見積提出済み（1）",
      "発注先に決定（0）",
      "お見送り・辞退（1）",
    ]);
    expect(tabs[1]!.href).toBe("?status=NEW");
    // a supplier's won deals are its 受注 (issue 33 item 3)
    expect(threadTabs("oem", counts, (tab) => tab)[3]!.label).toBe("受注（0）");
  });
});
