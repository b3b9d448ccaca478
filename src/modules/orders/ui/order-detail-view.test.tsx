import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { OrderDetail } from "@/modules/orders/order-view.schema";
import type { MemberRole } from "./order-actions";
import { OrderDetailView } from "./order-detail-view";
import { type OrderArea, orderPaths } from "./order-page-api";
import type { OrderTerms } from "./order-terms-view";

// The order page's action rules: which buttons each side sees per state, from an OrderDetail as
// the API answers it (the view takes the detail; order-page.tsx loads it).

const party = (name: string) => ({
  name,
  address: "東京都千代田区1-1",
  phone: null,
  person: null,
  email: null,
});
const facts = { capitalYen: 10_000_000, employeeCount: 20, individual: false };

function terms(over: Partial<OrderTerms> = {}): OrderTerms {
  return {
    quoteVersion: 1,
    title: "アルミ筐体 A-100",
    specification: null,
    unit: "個",
    quantity: 1000,
    tier: { quantity: 1000, unitPriceYen: 1200 },
    lines: [
      {
        kind: "GOODS",
        label: "アルミ筐体 A-100",
        quantity: 1000,
        unit: "個",
        unitPriceYen: 1200,
        amountYen: 1_200_000,
      },
    ],
    subtotalYen: 1_200_000,
    taxRatePercent: 10,
    taxYen: 120_000,
    totalYen: 1_320_000,
    deliveries: [
      {
        seq: 1,
        date: "2027-01-15",
        quantity: 1000,
        inspectionBy: "2027-01-24",
        paymentDue: "2027-02-28",
        paymentDay: 45,
      },
    ],
    place: { address: "大阪府大阪市北区1-2-3 第二倉庫", contact: "田中" },
    inspection: { required: true, daysAfterReceipt: 10 },
    payment: {
      terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
      termsLabel: "月末締め翌月末払い",
      method: "BANK_TRANSFER",
      methodDetail: null,
      cashableConfirmed: false,
      feeBorneBy: "BUYER",
    },
    paidMaterials: [],
    openTerms: [],
    law: {
      toriteki: true,
      basis: ["CAPITAL"],
      freelance: false,
      summary: "この発注は取適法の対象です（資本金基準）",
      buyer: { capitalYen: 500_000_000, employeeCount: 400, individual: false },
      supplier: facts,
      overrideReason: null,
    },
    buyer: party("東和電機株式会社"),
    supplier: party("青葉工業株式会社"),
    notes: null,
    ...over,
  };
}

const version = (v: number, over: Partial<OrderDetail["versions"][number]> = {}) => ({
  version: v,
  kind: "ORIGINAL" as const,
  state: "ACCEPTED" as const,
  reason: null,
  reasonParty: null,
  answerReason: null,
  answeredAt: null,
  createdAt: "2026-11-20T01:00:00.000Z",
  pdfSha256: "0".repeat(64),
  pdfUrl: `/api/orders/company/c/orders/o1/versions/${v}/pdf`,
  terms: terms(),
  ...over,
});

function order(over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: "0b6f3c1e-1111-4a4a-9b9b-000000000001",
    number: "PO-2026-000123",
    side: "BUYER",
    status: "ACCEPTED",
    threadId: "0b6f3c1e-2222-4a4a-9b9b-000000000002",
    sourceOrderId: null,
    buyerName: "東和電機株式会社",
    supplierName: "青葉工業株式会社",
    currentVersion: 1,
    pendingVersion: null,
    issuedAt: "2026-11-20T01:00:00.000Z",
    issuedByName: "山田 太郎",
    firstOpenedAt: null,
    answeredAt: null,
    returnReason: null,
    acceptancePdfUrl: null,
    versions: [version(1)],
    events: [
      {
        at: "2026-11-20T01:00:00.000Z",
        kind: "ISSUED",
        label: "発注",
        side: "BUYER",
        actorName: "山田 太郎",
        version: 1,
        detail: "数量 1,000個・合計 1,320,000円",
        reason: null,
      },
    ],
    consultations: [],
    keptUntil: "2028-11-20",
    ...over,
  };
}

const consultation = (over: Partial<OrderDetail["consultations"][number]> = {}) => ({
  id: "0b6f3c1e-3333-4a4a-9b9b-000000000003",
  status: "OPEN" as const,
  drivers: [{ driver: "MATERIAL" as const, percent: 12, note: "アルミ地金の値上がり" }],
  requestedUnitPriceYen: 1300,
  message: "単価の見直しをお願いします。",
  evidence: [],
  dueOn: "2026-12-04",
  overdue: false,
  requestedAt: "2026-11-20T01:00:00.000Z",
  answer: null,
  counterUnitPriceYen: null,
  answeredAt: null,
  ...over,
});

function show(detail: OrderDetail, role: MemberRole = "ADMIN") {
  const area: OrderArea = detail.side === "BUYER" ? "buyer" : "oem";
  render(
    <OrderDetailView
      order={detail}
      role={role}
      area={area}
      paths={orderPaths("c1")}
      onChanged={async () => {}}
    />,
  );
  return within(screen.getByRole("region", { name: "対応" }));
}

const ALL_ACTIONS = [
  "受注する（注文請書を発行）",
  "差し戻す",
  "変更発注",
  "変更を承諾する",
  "承諾しない",
  "価格協議を申し入れる",
  "価格協議に回答する",
  "同じ条件で再発注",
];
/** The action buttons and links the panel offers, in the order of ALL_ACTIONS. */
const offered = (panel: ReturnType<typeof show>) =>
  ALL_ACTIONS.filter((name) => panel.queryByRole("button", { name }) ?? panel.queryByRole("link", { name }));

describe("the supplier's actions", () => {
  it("answers a new order: 受注する or 差し戻す, nothing else", () => {
    const panel = show(order({ side: "SUPPLIER", status: "ISSUED" }));
    expect(offered(panel)).toEqual(["受注する（注文請書を発行）", "差し戻す"]);
  });

  it("asks for a price review once the order is accepted, while none is open", () => {
    expect(offered(show(order({ side: "SUPPLIER", status: "ACCEPTED" })))).toEqual(["価格協議を申し入れる"]);
  });

  it("offers no second price review while one is open, and says it waits for the buyer", () => {
    const panel = show(order({ side: "SUPPLIER", consultations: [consultation()] }));
    expect(offered(panel)).toEqual([]);
    expect(panel.getByText(/発注者の回答をお待ちください/)).toBeTruthy();
  });

  it("answers a pending change, shown against the terms in force", () => {
    const changed = terms({ quantity: 1500, totalYen: 1_980_000 });
    const detail = order({
      side: "SUPPLIER",
      pendingVersion: 2,
      versions: [
        version(1),
        version(2, {
          kind: "CHANGE",
          state: "PROPOSED",
          reason: "需要増",
          reasonParty: "BUYER",
          terms: changed,
        }),
      ],
    });
    const panel = show(detail);
    expect(offered(panel)).toEqual(["変更を承諾する", "承諾しない", "価格協議を申し入れる"]);
    const diff = screen.getByRole("region", { name: /変更発注（第2版/ });
    expect(within(diff).getByText("数量", { selector: "dt" })).toBeTruthy();
    expect(within(diff).getByText("1,500個")).toBeTruthy();
    expect(within(diff).queryByText("単価", { selector: "dt" })).toBeNull();
  });

  it("has nothing to do on a returned order, and is told so", () => {
    const panel = show(order({ side: "SUPPLIER", status: "RETURNED", returnReason: "納期が合いません" }));
    expect(offered(panel)).toEqual([]);
    expect(panel.getByText("この発注は差し戻されたため、操作はできません。")).toBeTruthy();
  });

  it("cannot export the record, and sees when it is kept until", () => {
    show(order({ side: "SUPPLIER" }));
    expect(screen.queryByRole("link", { name: "CSVで出力" })).toBeNull();
    expect(screen.getByText("この記録は2028年11月20日まで保存されます（削除できません）。")).toBeTruthy();
  });
});

describe("the buyer's actions", () => {
  it("an ADMIN changes an accepted order and reorders on the same terms", () => {
    const panel = show(order());
    expect(offered(panel)).toEqual(["変更発注", "同じ条件で再発注"]);
    expect(panel.getByRole("link", { name: "同じ条件で再発注" }).getAttribute("href")).toBe(
      "/account/buyer/deals/0b6f3c1e-2222-4a4a-9b9b-000000000002/order?from=0b6f3c1e-1111-4a4a-9b9b-000000000001",
    );
  });

  it("a GENERAL member neither changes nor reorders, and is told why", () => {
    const panel = show(order(), "GENERAL");
    expect(offered(panel)).toEqual([]);
    expect(panel.getByText(/管理者のみ行えます/)).toBeTruthy();
  });

  it("waits for the supplier's answer on an issued order: no change order yet", () => {
    const panel = show(order({ status: "ISSUED" }));
    expect(offered(panel)).toEqual(["同じ条件で再発注"]);
    expect(panel.getByText(/受注者の回答（受注または差し戻し）をお待ちください/)).toBeTruthy();
  });

  it("no second change order while one is pending", () => {
    const detail = order({
      pendingVersion: 2,
      versions: [
        version(1),
        version(2, { kind: "CHANGE", state: "PROPOSED", terms: terms({ quantity: 800 }) }),
      ],
    });
    expect(offered(show(detail))).toEqual(["同じ条件で再発注"]);
  });

  it("an ADMIN fixes each open term (補充); a GENERAL member does not", () => {
    const open = terms({
      openTerms: [
        { field: "SPECIFICATION", reason: "試作の結果待ち", expectedBy: "2026-12-10" },
        { field: "PLACE", reason: "新倉庫の住所が未確定", expectedBy: "2026-12-20" },
      ],
    });
    const panel = show(order({ status: "ISSUED", versions: [version(1, { terms: open })] }));
    expect(panel.getByRole("button", { name: "未定事項を確定（補充）：仕様の詳細" })).toBeTruthy();
    expect(panel.getByRole("button", { name: "未定事項を確定（補充）：納入場所" })).toBeTruthy();
    cleanup();
    const general = show(order({ versions: [version(1, { terms: open })] }), "GENERAL");
    expect(general.queryByRole("button", { name: /未定事項を確定/ })).toBeNull();
  });

  it("answers an open price review, overdue marked as such", () => {
    const panel = show(order({ consultations: [consultation({ overdue: true })] }), "GENERAL");
    expect(offered(panel)).toEqual(["価格協議に回答する"]);
    expect(panel.getByText("回答期限を過ぎています")).toBeTruthy();
    expect(panel.getByText(/回答期限：2026年12月4日/)).toBeTruthy();
  });

  it("exports the 7条 record and sees the return reason", () => {
    show(order({ status: "RETURNED", returnReason: "納期が合いません" }));
    expect(screen.getByRole("link", { name: "CSVで出力" }).getAttribute("href")).toBe(
      "/api/orders/company/c1/orders/0b6f3c1e-1111-4a4a-9b9b-000000000001/record/csv",
    );
    expect(screen.getByRole("link", { name: "PDFで出力" })).toBeTruthy();
    expect(screen.getByText("理由：納期が合いません")).toBeTruthy();
  });
});

describe("the order's facts", () => {
  it("shows the verdict, the issuer, the opening and the terms in force", () => {
    show(order({ side: "SUPPLIER", firstOpenedAt: null }));
    expect(screen.getByText("この発注は取適法の対象です（資本金基準）")).toBeTruthy();
    expect(screen.getByText("山田 太郎", { selector: "dd" })).toBeTruthy();
    expect(screen.getByText("未開封")).toBeTruthy();
    expect(screen.getByRole("row", { name: /合計（税込） 1,320,000円/ })).toBeTruthy();
    expect(screen.getByText("受領日から45日目")).toBeTruthy();
    expect(screen.getByText("振込手数料は発注者負担")).toBeTruthy();
    expect(screen.getByRole("link", { name: /発注書（第1版）/ }).getAttribute("href")).toBe(
      "/api/orders/company/c/orders/o1/versions/1/pdf",
    );
  });

  it("asks for the reason before returning an order", async () => {
    const user = userEvent.setup();
    const panel = show(order({ side: "SUPPLIER", status: "ISSUED" }));
    await user.click(panel.getByRole("button", { name: "差し戻す" }));
    const dialog = screen.getByRole("dialog", { name: "この発注を差し戻しますか？" });
    expect(within(dialog).getByRole("textbox", { name: /差し戻しの理由/ })).toBeTruthy();
  });
});
