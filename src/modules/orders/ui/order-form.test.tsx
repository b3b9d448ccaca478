import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import type { OrderInput } from "@/modules/orders/order.schema";
import { OUTSIDE_ADVICE } from "@/modules/orders/order-build";
import type { OrderDraft } from "@/modules/orders/order-view.schema";
import { checkDue } from "@/modules/orders/payment.policy";
import { OrderForm } from "./order-form";

// The order form's live figures come from the server's pure rules (priceAt, dueDateFor, checkDue):
// these tests type into the real form and read what the buyer would see before sending.

const facts = { capitalYen: 50_000_000, employeeCount: 120, individual: false };
const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  threadId: "11111111-1111-4111-8111-111111111111",
  quoteVersion: 2,
  quoteValidUntil: "2099-12-31",
  quoteExpired: false,
  unit: "本",
  title: "アルミ製ボトル 500ml",
  tiers: [
    { quantity: 3000, unitPriceYen: 480 },
    { quantity: 1000, unitPriceYen: 520 },
  ],
  moq: 1000,
  toolingCostYen: 50_000,
  sampleCostYen: null,
  supplierName: "アーク工業株式会社",
  buyerAddress: "東京都千代田区丸の内1-1-1",
  law: {
    buyer: { ...facts, capitalYen: 200_000_000 },
    supplier: { ...facts, capitalYen: 5_000_000 },
    toriteki: true,
    summary: "この発注は取適法の対象です（資本金基準：発注者 1千万円超3億円以下・受注者 1千万円以下）。",
    missing: [],
  },
  from: null,
  ...over,
});

const setup = (d = draft(), onSubmit = vi.fn(async (_: OrderInput) => {})) => {
  const user = userEvent.setup();
  render(<OrderForm draft={d} onSubmit={onSubmit} />);
  return { user, onSubmit };
};
const amounts = () => screen.getByRole("status", { name: "金額の計算" });
const setDate = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe("OrderForm", () => {
  it("switches to the larger tier exactly at its quantity, with tax and the tooling cost", async () => {
    const { user } = setup();
    const quantity = screen.getByLabelText(/^数量/);
    await user.type(quantity, "2999");
    expect(amounts().textContent).toContain("1,000本以上の単価 ¥520");
    expect(amounts().textContent).toContain("¥1,559,480");
    await user.clear(quantity);
    await user.type(quantity, "3,000");
    expect(amounts().textContent).toContain("3,000本以上の単価 ¥480");
    // 3,000 × 480 + 50,000 (版代・金型代) = 1,490,000; 消費税 149,000; total 1,639,000.
    expect(amounts().textContent).toContain("¥1,490,000");
    expect(amounts().textContent).toContain("消費税（10%）¥149,000");
    expect(amounts().textContent).toContain("¥1,639,000");
    await user.click(screen.getByLabelText(/版代・金型代を含める/));
    expect(amounts().textContent).toContain("¥1,584,000");
  });

  it("warns below the MOQ", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^数量/), "800");
    expect(screen.getByText("数量が最小ロット（MOQ：1,000本）を下回っています。")).toBeTruthy();
  });

  it("sums the split deliveries against the order quantity and refuses to send until they match", async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/^数量/), "3000");
    await user.click(screen.getByRole("radio", { name: "分納（複数回）" }));
    setDate(screen.getByLabelText(/^1回目の納期/), "2099-03-01");
    await user.type(screen.getByLabelText(/^1回目の数量/), "1000");
    await user.click(screen.getByRole("button", { name: /納入回を追加/ }));
    setDate(screen.getByLabelText(/^2回目の納期/), "2099-04-01");
    await user.type(screen.getByLabelText(/^2回目の数量/), "1500");
    const sum = () => document.querySelector("[data-schedule-sum]")!;
    expect(sum().textContent).toContain("納入数量の合計 2,500本／発注数量 3,000本（あと500本）");
    await user.click(screen.getByRole("button", { name: "この内容で発注する" }));
    expect(await screen.findByText("納入数量の合計を発注数量と一致させてください")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await user.clear(screen.getByLabelText(/^2回目の数量/));
    await user.type(screen.getByLabelText(/^2回目の数量/), "2000");
    expect(sum().textContent).toContain("納入数量の合計 3,000本／発注数量 3,000本");
    expect(sum().textContent).not.toContain("あと");
    await user.click(screen.getByRole("button", { name: "この内容で発注する" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("¥1,639,000");
    await user.click(within(dialog).getByRole("button", { name: "発注する" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      quoteVersion: 2,
      quantity: 3000,
      includeTooling: true,
      includeSample: false,
      deliveries: [
        { date: "2099-03-01", quantity: 1000 },
        { date: "2099-04-01", quantity: 2000 },
      ],
      place: { address: "東京都千代田区丸の内1-1-1" },
      inspection: { required: false, daysAfterReceipt: null },
      payment: {
        terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
        method: "BANK_TRANSFER",
        cashableConfirmed: false,
      },
    });
  });

  it("shows the limit message beside a hand-set payment date on day 61 and none on day 60", async () => {
    const { user } = setup();
    setDate(screen.getByLabelText(/^納期/), "2099-03-02");
    await user.click(screen.getByRole("radio", { name: "支払期日を個別に指定" }));
    const due = screen.getByLabelText(/^納品の支払期日/);
    setDate(due, "2099-05-01"); // 2 March is day 1: 1 May is day 61
    const expected = checkDue("2099-03-02", "2099-05-01", "FIXED");
    expect(expected.ok).toBe(false);
    expect(screen.getByText(/受領日から61日目/)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(!expected.ok ? expected.message : "");
    setDate(due, "2099-04-30");
    expect(screen.getByText(/受領日から60日目/)).toBeTruthy();
    expect(screen.queryByText(/取適法では受領日から60日以内/)).toBeNull();
  });

  it("shows the due date the default 月末締め翌月末払い gives, moved before a bank holiday", async () => {
    setup();
    // Received 2099-04-02 → closes 4/30 → 5/31 is a Sunday: paid on Friday 5/29, day 58.
    setDate(screen.getByLabelText(/^納期/), "2099-04-02");
    const row = screen.getByRole("list", { name: "納入回ごとの支払期日" });
    expect(row.textContent).toContain("支払期日 2099年5月29日（受領日から58日目）");
  });

  it("never offers 手形 and asks for the cashability confirmation with 電子記録債権", async () => {
    const { user } = setup();
    expect(screen.queryByText(/手形/)).toBeNull();
    const methods = within(screen.getByRole("radiogroup", { name: "支払方法" })).getAllByRole("radio");
    expect(methods.map((m) => m.closest("label")?.textContent)).toEqual(["銀行振込", "電子記録債権"]);
    await user.click(screen.getByRole("radio", { name: "電子記録債権" }));
    expect(screen.getByLabelText("支払期日までに満額を現金化できることを確認しました")).toBeTruthy();
    expect(screen.getByText("振込手数料は発注者が負担します。")).toBeTruthy();
  });

  it("puts the server's field errors on the fields, keeps the input and asks for a reason outside the act", async () => {
    const advice = `支払期日が長すぎます。${OUTSIDE_ADVICE}`;
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, "ORDER_INVALID", "入力内容を確認してください。", {
        "deliveries.0.paymentDue": advice,
        "place.address": "納入場所を入力してください。",
      });
    });
    const { user } = setup(
      draft({
        law: { ...draft().law, toriteki: false, summary: "この発注は取適法の対象外です。" },
      }),
      onSubmit,
    );
    await user.type(screen.getByLabelText(/^数量/), "1000");
    setDate(screen.getByLabelText(/^納期/), "2099-03-02");
    await user.click(screen.getByRole("radio", { name: "支払期日を個別に指定" }));
    setDate(screen.getByLabelText(/^納品の支払期日/), "2099-04-10");
    expect(screen.queryByLabelText(/基準外とする理由/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "この内容で発注する" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "発注する" }),
    );
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(await screen.findByLabelText(/基準外とする理由/)).toBeTruthy();
    expect(screen.getAllByText(advice).length).toBeGreaterThanOrEqual(2); // summary + field
    expect(screen.getAllByText("納入場所を入力してください。").length).toBe(2);
    expect((screen.getByLabelText(/^数量/) as HTMLInputElement).value).toBe("1000");
  });

  it("asks exactly the missing figures and sends them as facts", async () => {
    const { user, onSubmit } = setup(
      draft({
        law: {
          ...draft().law,
          supplier: { capitalYen: null, employeeCount: 20, individual: null },
          toriteki: null,
          missing: [
            { side: "SUPPLIER", field: "capitalYen" },
            { side: "SUPPLIER", field: "individual" },
          ],
        },
      }),
    );
    expect(screen.getByLabelText(/アーク工業株式会社の資本金（円）/)).toBeTruthy();
    expect(screen.queryByLabelText(/従業員数/)).toBeNull();
    await user.type(screen.getByLabelText(/^数量/), "1000");
    setDate(screen.getByLabelText(/^納期/), "2099-03-02");
    await user.type(screen.getByLabelText(/資本金/), "10,000,000");
    await user.click(screen.getByRole("radio", { name: "法人" }));
    await user.click(screen.getByRole("button", { name: "この内容で発注する" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "発注する" }),
    );
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].facts).toEqual({
      buyer: undefined,
      supplier: { capitalYen: 10_000_000, individual: false },
    });
  });
});
