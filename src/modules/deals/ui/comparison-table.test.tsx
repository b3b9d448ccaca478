import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ComparisonColumn } from "@/modules/deals/deals.schema";
import type { SupplierFigures } from "@/modules/deals/supplier-record.schema";
import { bestOf } from "./comparison-rows";
import { ComparisonTable } from "./comparison-table";

const NO_RATINGS = { count: 0, overall: null, communication: null, accuracy: null, speed: null };
function record(companyId: string, over: Partial<SupplierFigures> = {}): SupplierFigures {
  return {
    companyId,
    nominations: 12,
    nominationsAnswered: 11,
    responseRatePercent: 92,
    medianFirstQuoteMinutes: 2 * 24 * 60,
    quotesSent: 30,
    awardsWon: 8,
    ratings: { count: 12, overall: 4.5, communication: 4.6, accuracy: 4.4, speed: 4.5 },
    computedAt: "2026-11-26T18:00:00.000Z",
    ...over,
  };
}

function column(id: string, name: string, over: Partial<ComparisonColumn> = {}): ComparisonColumn {
  return {
    threadId: id,
    supplier: { companyId: `c-${id}`, name, profileUrl: null },
    status: "QUOTED",
    version: 1,
    unitPriceYen: 300,
    tiers: [
      { quantity: 500, unitPriceYen: 320 },
      { quantity: 1000, unitPriceYen: 300 },
    ],
    totalYen: 350_000,
    totalStatus: "COMPLETE",
    belowMoq: false,
    missingFigures: [],
    toolingCostYen: 40_000,
    sampleCostYen: 10_000,
    sampleLeadDays: 14,
    moq: 500,
    leadTimeDays: 30,
    paymentTerms: "月末締め翌月末払い",
    validUntil: "2026-12-31",
    expired: false,
    reasonLabel: null,
    record: record(`c-${id}`),
    certifications: [],
    ...over,
  };
}

// A: cheapest total, B: cheapest unit price and shortest lead time (expensive tooling), C: no quote yet.
const A = column("a", "青葉工業");
const B = column("b", "北斗製作所", {
  unitPriceYen: 250,
  totalYen: 400_000,
  toolingCostYen: 140_000,
  leadTimeDays: 20,
  validUntil: "2026-12-10",
  expired: false,
});
const C = column("c", "中央化成", {
  status: "NEW",
  version: null,
  unitPriceYen: null,
  tiers: [],
  totalYen: null,
  totalStatus: "NO_QUOTE",
  toolingCostYen: null,
  sampleCostYen: null,
  sampleLeadDays: null,
  moq: null,
  leadTimeDays: null,
  paymentTerms: null,
  validUntil: null,
  // A newcomer: two nominations, no quote, no rating yet.
  record: record("c-c", {
    nominations: 2,
    nominationsAnswered: 2,
    responseRatePercent: null,
    medianFirstQuoteMinutes: null,
    quotesSent: 0,
    awardsWon: 0,
    ratings: NO_RATINGS,
  }),
});
const columns = [C, A, B];
const best = { unitPriceYen: ["b"], totalYen: ["a"], leadTimeDays: ["b"] };

const table = () => screen.getByRole("table");
const headerNames = () =>
  within(table())
    .getAllByRole("columnheader")
    .slice(1)
    .map((th) => th.textContent ?? "");
/** The cell of a row (by its header's text) in the column of a supplier. */
function cell(rowLabel: RegExp, supplier: string): HTMLElement {
  const names = headerNames();
  const index = names.findIndex((n) => n.includes(supplier));
  const row = within(table()).getByRole("rowheader", { name: rowLabel }).closest("tr")!;
  return within(row).getAllByRole("cell")[index]!;
}

describe("ComparisonTable", () => {
  it("has a column per supplier and a row per term, with every tier", () => {
    render(<ComparisonTable columns={columns} best={best} quantity={1000} />);
    expect(headerNames().map((n) => n.replace(/(見積待ち|見積提出済み|第\d版)/g, ""))).toEqual([
      "中央化成",
      "青葉工業",
      "北斗製作所",
    ]);
    const rows = within(table())
      .getAllByRole("rowheader")
      .map((r) => r.textContent);
    expect(rows).toEqual([
      "単価（1,000個の場合）",
      "数量と単価（第1段階）",
      "数量と単価（第2段階）",
      "総額（1,000個・版代・サンプル込み、税抜）",
      "版代・金型代",
      "サンプル費用",
      "サンプル納期",
      "最小ロット（MOQ）",
      "量産リードタイム",
      "見積の有効期限",
      "支払条件",
      "認証・許可運営事務局が証明書を確認したもの（期限内）",
      "取引実績当サイトの取引データから自動集計実績の見方",
      "指名への回答率",
      "初回見積までの中央値",
      "見積",
      "受注",
      "評価",
    ]);
    expect(cell(/第2段階/, "青葉工業").textContent).toBe("1,000個〜 300円");
    expect(cell(/^単価/, "中央化成").textContent).toBe("—");
  });

  it("shows each supplier's track record as a row group, 「実績なし」 for a newcomer", () => {
    render(<ComparisonTable columns={columns} best={best} quantity={1000} />);
    expect(cell(/指名への回答率/, "青葉工業").textContent).toBe("92%（指名 12件）");
    expect(cell(/初回見積までの中央値/, "青葉工業").textContent).toBe("約2日");
    expect(cell(/^見積$/, "青葉工業").textContent).toBe("30件");
    expect(cell(/^受注$/, "青葉工業").textContent).toBe("8件");
    expect(cell(/^評価$/, "青葉工業").textContent).toBe(
      "4.5（コミュニケーション 4.6・正確さ 4.4・スピード 4.5、12件）",
    );
    expect(cell(/指名への回答率/, "中央化成").textContent).toBe("実績なし");
    expect(cell(/初回見積までの中央値/, "中央化成").textContent).toBe("実績なし");
    expect(cell(/^評価$/, "中央化成").textContent).toBe("実績なし");
    // Never marked as a "best" value: the figures are about the supplier, not this quote.
    expect(cell(/^受注$/, "青葉工業").dataset.best).toBeUndefined();
    const group = within(table()).getByRole("rowheader", { name: /取引実績/ });
    expect(within(group).getByRole("link", { name: "実績の見方" }).getAttribute("href")).toBe(
      "/guide/track-record",
    );
    // The phone cards carry the same figures.
    const card = within(screen.getByRole("list", { name: "メーカーごとの見積" })).getByRole("listitem", {
      name: "青葉工業",
    });
    expect(within(card).getByRole("region", { name: "青葉工業の取引実績" }).textContent).toContain("約2日");
  });

  it("shows each supplier's verified certifications as badges, 「—」 without any", () => {
    const certified = {
      ...A,
      certifications: [
        { id: 1, name: "ISO 9001" },
        { id: 12, name: "化粧品製造業許可" },
      ],
    };
    render(<ComparisonTable columns={[certified, B, C]} best={best} quantity={1000} />);
    const badges = within(cell(/認証・許可/, "青葉工業")).getByRole("list", {
      name: "認証確認済みの認証・許可",
    });
    expect(
      within(badges)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["ISO 9001認証確認済み", "化粧品製造業許可認証確認済み"]);
    expect(cell(/認証・許可/, "北斗製作所").textContent).toBe("—");
    // A supplier without a quote yet shows its badges too, on the phone cards as well.
    const cards = within(screen.getByRole("list", { name: "メーカーごとの見積" }));
    const card = cards.getByRole("listitem", { name: "青葉工業" });
    expect(within(card).getByRole("region", { name: "青葉工業の認証・許可" }).textContent).toContain(
      "化粧品製造業許可認証確認済み",
    );
    expect(cards.getByRole("region", { name: "中央化成の認証・許可" }).textContent).toContain("—");
  });

  it("highlights the best value of each row as the API names it", () => {
    render(<ComparisonTable columns={columns} best={best} quantity={1000} />);
    expect(cell(/^単価/, "北斗製作所").dataset.best).toBe("true");
    expect(cell(/^単価/, "北斗製作所").textContent).toContain("最安");
    expect(cell(/^単価/, "青葉工業").dataset.best).toBeUndefined();
    expect(cell(/^総額/, "青葉工業").dataset.best).toBe("true");
    expect(cell(/^総額/, "北斗製作所").dataset.best).toBeUndefined();
    expect(cell(/量産リードタイム/, "北斗製作所").textContent).toContain("最短");
    // Payment terms and tiers have no "best".
    expect(cell(/支払条件/, "青葉工業").dataset.best).toBeUndefined();
  });

  it("works out the best value of a row the API does not list, among unexpired quotes", () => {
    expect(bestOf("toolingCostYen", columns, best)).toEqual(["a"]);
    expect(bestOf("validUntil", columns, best)).toEqual(["a"]);
    const expiredA = { ...A, expired: true };
    expect(bestOf("toolingCostYen", [expiredA, B, C], {})).toEqual([]);
    expect(bestOf("paymentTerms", columns, {})).toEqual([]);
    render(<ComparisonTable columns={columns} best={{}} quantity={1000} />);
    expect(cell(/版代・金型代/, "青葉工業").dataset.best).toBe("true");
    expect(cell(/^単価/, "北斗製作所").dataset.best).toBe("true");
  });

  it("marks nothing as best where only one supplier has a value", () => {
    render(
      <ComparisonTable columns={[A, C]} best={{ unitPriceYen: ["a"], totalYen: ["a"] }} quantity={1000} />,
    );
    expect(cell(/^単価/, "青葉工業").dataset.best).toBeUndefined();
    expect(screen.queryByText("最安")).toBeNull();
  });

  it("marks an expired quote", () => {
    render(<ComparisonTable columns={[A, { ...B, expired: true }]} best={{}} quantity={1000} />);
    expect(cell(/有効期限/, "北斗製作所").textContent).toContain("期限切れ");
    expect(cell(/有効期限/, "青葉工業").textContent).not.toContain("期限切れ");
  });

  it("sorts the suppliers by unit price, total and lead time, those without a quote last", async () => {
    const user = userEvent.setup();
    render(<ComparisonTable columns={columns} best={best} quantity={1000} />);
    const sort = screen.getByLabelText("並び替え");
    const order = () =>
      headerNames().map((n) => ["中央化成", "青葉工業", "北斗製作所"].find((s) => n.includes(s)));
    await user.selectOptions(sort, "総額が安い順");
    expect(order()).toEqual(["青葉工業", "北斗製作所", "中央化成"]);
    await user.selectOptions(sort, "単価が安い順");
    expect(order()).toEqual(["北斗製作所", "青葉工業", "中央化成"]);
    await user.selectOptions(sort, "リードタイムが短い順");
    expect(order()).toEqual(["北斗製作所", "青葉工業", "中央化成"]);
    await user.selectOptions(sort, "見積の提出順");
    expect(order()).toEqual(["中央化成", "青葉工業", "北斗製作所"]);
    // The cards follow the same order.
    await user.selectOptions(sort, "総額が安い順");
    const cards = within(screen.getByRole("list", { name: "メーカーごとの見積" })).getAllByRole("listitem", {
      name: /./,
    });
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual(["青葉工業", "北斗製作所", "中央化成"]);
  });

  it("has a card per supplier for phones, with the same terms and highlights", () => {
    render(
      <ComparisonTable
        columns={columns}
        best={best}
        quantity={1000}
        actions={(c) => <button type="button">{`${c.supplier.name}に決定`}</button>}
      />,
    );
    const list = screen.getByRole("list", { name: "メーカーごとの見積" });
    expect(list.className).toContain("desktop:hidden");
    const wrap = table().closest(".deal-compare-table")!.className.split(" ");
    expect(wrap).toEqual(expect.arrayContaining(["hidden", "desktop:block"]));
    const card = within(list).getByRole("listitem", { name: "北斗製作所" });
    expect(within(card).getByRole("heading", { name: /北斗製作所/ })).toBeTruthy();
    const terms = within(card)
      .getAllByRole("term")
      .map((t) => t.textContent);
    expect(terms).toContain("総額（1,000個・版代・サンプル込み、税抜）");
    const unit = within(card).getByText("単価（1,000個の場合）").parentElement!;
    expect(unit.dataset.best).toBe("true");
    expect(unit.textContent).toContain("250円");
    expect(within(card).getByRole("button", { name: "北斗製作所に決定" })).toBeTruthy();
    const empty = within(list).getByRole("listitem", { name: "中央化成" });
    expect(empty.textContent).toContain("まだ見積は届いていません。");
  });

  // Issue 33, item 9: at 800 a supplier whose MOQ and first tier are 1,000 read 「520円 最安」, and a
  // blank sample cost was totalled as ¥0.
  it("flags MOQ未満 (never 最安) and shows 要確認 for a total with a blank needed figure", () => {
    const under = column("u", "千個工業", {
      unitPriceYen: 200,
      tiers: [{ quantity: 1000, unitPriceYen: 200 }],
      moq: 1000,
      totalYen: null,
      totalStatus: "BELOW_MOQ",
      belowMoq: true,
    });
    const blank = column("s", "空欄工業", {
      unitPriceYen: 320,
      totalYen: null,
      totalStatus: "MISSING_FIGURES",
      missingFigures: ["sampleCostYen"],
      sampleCostYen: null,
    });
    render(<ComparisonTable columns={[under, blank, B]} best={{}} quantity={800} />);
    expect(cell(/^単価/, "千個工業").textContent).toContain("MOQ未満");
    expect(cell(/^単価/, "千個工業").textContent).not.toContain("最安");
    expect(cell(/^単価/, "千個工業").dataset.best).toBeUndefined();
    // The cheapest of the suppliers that supply 800 is the best.
    expect(cell(/^単価/, "北斗製作所").dataset.best).toBe("true");
    expect(cell(/^総額/, "千個工業").textContent).toBe("MOQ未満");
    expect(cell(/^総額/, "空欄工業").textContent).toBe("要確認（サンプル費用が未記入）");
    expect(cell(/^総額/, "空欄工業").dataset.best).toBeUndefined();
    expect(cell(/^総額/, "北斗製作所").textContent).toBe("400,000円");
    const card = within(screen.getByRole("list", { name: "メーカーごとの見積" })).getByRole("listitem", {
      name: "千個工業",
    });
    const unitRow = within(card).getByText("単価（800個の場合）").parentElement!;
    expect(unitRow.textContent).toContain("MOQ未満");
    expect(unitRow.textContent).not.toContain("最安");
    expect(unitRow.dataset.best).toBeUndefined();
  });

  // Issue 33, item 10: 個 was hard-coded, so a 3,000本 inquiry read 「3000個以上」.
  it("counts in the inquiry's unit", () => {
    render(<ComparisonTable columns={[A, B]} best={best} quantity={3000} unit="本" />);
    const rows = within(table())
      .getAllByRole("rowheader")
      .map((r) => r.textContent);
    expect(rows).toContain("単価（3,000本の場合）");
    expect(rows).toContain("総額（3,000本・版代・サンプル込み、税抜）");
    expect(cell(/第2段階/, "青葉工業").textContent).toBe("1,000本〜 300円");
    expect(cell(/最小ロット/, "青葉工業").textContent).toMatch(/^500本/);
    expect(screen.queryByText(/個/)).toBeNull();
  });

  // Issue 33, item 11: only the 375 px card and the CSV showed why a supplier declined.
  it("shows the 辞退 and お見送り reasons on the desktop table too", () => {
    const withdrawn = column("w", "辞退工業", { status: "WITHDRAWN", reasonLabel: "生産能力が不足" });
    const declined = column("d", "見送り工業", { status: "DECLINED", reasonLabel: "価格" });
    render(<ComparisonTable columns={[A, withdrawn, declined]} best={{}} quantity={1000} />);
    expect(cell(/辞退・お見送りの理由/, "辞退工業").textContent).toBe("辞退：生産能力が不足");
    expect(cell(/辞退・お見送りの理由/, "見送り工業").textContent).toBe("お見送り：価格");
    expect(cell(/辞退・お見送りの理由/, "青葉工業").textContent).toBe("—");
  });
});
