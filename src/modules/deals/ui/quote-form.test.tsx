import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import { addDays, todayInJapan } from "@/lib/japan-time";
import type { QuoteInput, QuoteVersion } from "@/modules/deals/deals.schema";
import { parseNumber, QuoteForm } from "./quote-form";

const FILES = "/api/deals/company/c1/files";
const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input("第1段階の数量"), "1000");
  await user.type(input("第1段階の単価"), "350");
  await user.type(input("量産リードタイム"), "45");
  await user.type(input("支払条件"), "月末締め翌月末払い");
}

describe("QuoteForm", () => {
  it("sends the schema's shape: numbers (full-width too), empty optional amounts as null, validity today + 30", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: QuoteInput) => {});
    render(<QuoteForm filesPath={FILES} onSubmit={onSubmit} />);
    expect(input("見積の有効期限").value).toBe(addDays(todayInJapan(), 30));
    await fillRequired(user);
    await user.type(input("版代・金型代"), "１２０，０００");
    await user.click(screen.getByRole("button", { name: "見積を提出" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      tiers: [{ quantity: 1000, unitPriceYen: 350 }],
      sampleCostYen: null,
      sampleLeadDays: null,
      toolingCostYen: 120_000,
      moq: null,
      leadTimeDays: 45,
      paymentTerms: "月末締め翌月末払い",
      validUntil: addDays(todayInJapan(), 30),
      notes: undefined,
      fileIds: [],
    });
  });

  it("takes up to 3 tiers and wants the quantities to grow, keeping what was typed", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    render(<QuoteForm filesPath={FILES} onSubmit={onSubmit} />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "数量の段階を追加" }));
    await user.click(screen.getByRole("button", { name: "数量の段階を追加" }));
    expect(screen.queryByRole("button", { name: "数量の段階を追加" })).toBeNull();
    await user.type(input("第2段階の数量"), "500");
    await user.type(input("第2段階の単価"), "320");
    await user.type(input("第3段階の数量"), "5000");
    await user.type(input("第3段階の単価"), "abc");
    await user.click(screen.getByRole("button", { name: "見積を提出" }));

    expect(await screen.findByText("単価は数字で入力してください")).toBeTruthy();
    expect(input("第3段階の単価").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("入力内容に誤りがあります。赤字の項目を確認してください。")).toBeTruthy();
    // Nothing typed is lost.
    expect(input("第3段階の単価").value).toBe("abc");
    expect(input("第2段階の数量").value).toBe("500");

    await user.clear(input("第3段階の単価"));
    await user.type(input("第3段階の単価"), "300");
    await user.click(screen.getByRole("button", { name: "見積を提出" }));
    expect(await screen.findByText("数量は段階ごとに大きくなるように入力してください")).toBeTruthy();
    expect(input("第2段階の数量").getAttribute("aria-invalid")).toBe("true");
    expect(input("第1段階の数量").getAttribute("aria-invalid")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input("第1段階の数量").value).toBe("1000");
    expect(input("第2段階の数量").value).toBe("500");
    expect(input("支払条件").value).toBe("月末締め翌月末払い");

    // Removing a tier renumbers the rest.
    await user.click(screen.getByRole("button", { name: "第2段階を削除" }));
    expect(input("第2段階の数量").value).toBe("5000");
  });

  it("asks for the required terms", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    render(<QuoteForm filesPath={FILES} onSubmit={onSubmit} />);
    await user.clear(input("見積の有効期限"));
    await user.click(screen.getByRole("button", { name: "見積を提出" }));
    expect(await screen.findByText("数量は数字で入力してください")).toBeTruthy();
    expect(screen.getByText("量産リードタイムは日数（数字）で入力してください")).toBeTruthy();
    expect(screen.getByText("支払条件を入力してください")).toBeTruthy();
    expect(screen.getByText("見積の有効期限は YYYY-MM-DD で入力してください")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the API's field errors on the fields and its message above the form, keeping the input", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, "VALIDATION", "入力内容を確認してください", {
        validUntil: "見積の有効期限は今日以降の日付を入力してください",
        "tiers.0.unitPriceYen": "単価が大きすぎます",
      });
    });
    render(<QuoteForm filesPath={FILES} onSubmit={onSubmit} />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "見積を提出" }));
    expect(await screen.findByText("見積の有効期限は今日以降の日付を入力してください")).toBeTruthy();
    expect(screen.getByText("単価が大きすぎます")).toBeTruthy();
    expect(screen.getByText("入力内容を確認してください")).toBeTruthy();
    expect(input("見積の有効期限").getAttribute("aria-invalid")).toBe("true");
    expect(input("第1段階の単価").value).toBe("350");
    expect(input("量産リードタイム").value).toBe("45");
    expect(input("支払条件").value).toBe("月末締め翌月末払い");
  });

  it("starts a revision from the current version and says 「見積を改訂」", async () => {
    const previous: QuoteVersion = {
      version: 2,
      tiers: [
        { quantity: 1000, unitPriceYen: 350 },
        { quantity: 3000, unitPriceYen: 320 },
      ],
      sampleCostYen: 0,
      sampleLeadDays: 10,
      toolingCostYen: 80_000,
      moq: 1000,
      leadTimeDays: 40,
      paymentTerms: "前金50%・納品後50%",
      validUntil: "2020-01-31",
      expired: true,
      notes: "送料別",
      files: [],
      createdAt: "2020-01-01T00:00:00.000Z",
      changed: [],
      previous: {},
    };
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: QuoteInput) => {});
    render(<QuoteForm filesPath={FILES} previous={previous} onSubmit={onSubmit} />);
    expect(input("第2段階の単価").value).toBe("320");
    expect(input("サンプル費用").value).toBe("0");
    // An expired validity starts again at today + 30 days.
    expect(input("見積の有効期限").value).toBe(addDays(todayInJapan(), 30));
    await user.clear(input("第2段階の単価"));
    await user.type(input("第2段階の単価"), "300");
    await user.click(screen.getByRole("button", { name: "見積を改訂" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      tiers: [
        { quantity: 1000, unitPriceYen: 350 },
        { quantity: 3000, unitPriceYen: 300 },
      ],
      sampleCostYen: 0,
      notes: "送料別",
    });
  });
});

describe("parseNumber", () => {
  it("reads amounts as people type them", () => {
    expect(parseNumber("1,000")).toBe(1000);
    expect(parseNumber("１２０，０００円")).toBe(120_000);
    expect(parseNumber("")).toBeNull();
    expect(parseNumber(" ")).toBeNull();
    expect(parseNumber("約100")).toBeNaN();
  });

  // Issue 33, item 10: 個 was hard-coded, so a 3,000本 inquiry was quoted in 個.
  it("asks for quantities in the inquiry's unit", () => {
    render(<QuoteForm filesPath={FILES} unit="本" onSubmit={async () => {}} />);
    expect(screen.getByLabelText("第1段階の数量（本）", { exact: false })).toBeTruthy();
    expect(screen.getByLabelText("最小ロット（MOQ・本）", { exact: false })).toBeTruthy();
    expect(screen.queryByText(/個/)).toBeNull();
  });
});
