import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { QuoteForm } from "./quote-form";

// Issue 33 item 22: a ¥0 unit price went through, and a past validity date was caught only by the
// server after the round trip. Both are the schema's rules, so the browser says them first.
const FILES = "/api/deals/company/c1/files";
const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, price: string) {
  await user.type(input("第1段階の数量"), "1000");
  await user.type(input("第1段階の単価"), price);
  await user.type(input("量産リードタイム"), "45");
  await user.type(input("支払条件"), "月末締め翌月末払い");
}

describe("QuoteForm checks in the browser", () => {
  it("refuses a unit price of ¥0 on its field, without sending", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    render(<QuoteForm filesPath={FILES} onSubmit={onSubmit} />);
    await fill(user, "0");
    await user.click(screen.getByRole("button", { name: "見積を提出" }));
    expect(await screen.findByText("単価は1円以上で入力してください")).toBeTruthy();
    expect(input("第1段階の単価").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a validity date in the past on its field, without sending", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    render(<QuoteForm filesPath={FILES} onSubmit={onSubmit} />);
    await fill(user, "350");
    const date = input("見積の有効期限");
    await user.clear(date);
    await user.type(date, addDays(todayInJapan(), -1));
    await user.click(screen.getByRole("button", { name: "見積を提出" }));
    expect(await screen.findByText("見積の有効期限には今日以降の日付を入力してください")).toBeTruthy();
    expect(date.getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("takes today as the last valid day, and a sample free of charge (¥0)", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    render(<QuoteForm filesPath={FILES} onSubmit={onSubmit} />);
    await fill(user, "350");
    await user.type(input("サンプル費用"), "0");
    const date = input("見積の有効期限");
    await user.clear(date);
    await user.type(date, todayInJapan());
    await user.click(screen.getByRole("button", { name: "見積を提出" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toMatchObject([{ sampleCostYen: 0, validUntil: todayInJapan() }]);
  });
});
