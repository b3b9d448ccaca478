import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import type { RatingInput, RatingState } from "@/modules/deals/rating.schema";
import { RatingForm } from "./rating-form";
import { RatingPanelView } from "./rating-panel";

const group = (name: string) => screen.getByRole("group", { name: new RegExp(`^${name}`) });
const NOTE = "評価の内容とコメントは、相手の企業に個別に表示されることはありません。";

describe("RatingForm", () => {
  it("has a radio group per criterion with a legend and five labelled stars, and sends numbers", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: RatingInput) => {});
    render(<RatingForm counterpartName="青葉工業" onSubmit={onSubmit} />);
    expect(screen.getByText(new RegExp(NOTE))).toBeTruthy();
    for (const name of ["コミュニケーション", "正確さ", "スピード"]) {
      const radios = within(group(name)).getAllByRole("radio");
      expect(radios.map((r) => r.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
      expect(within(group(name)).getByRole("radio", { name: "5点：大変満足" })).toBeTruthy();
    }
    await user.click(within(group("コミュニケーション")).getByRole("radio", { name: "4点：満足" }));
    await user.click(within(group("正確さ")).getByRole("radio", { name: "5点：大変満足" }));
    await user.click(within(group("スピード")).getByRole("radio", { name: "3点：普通" }));
    expect(
      (within(group("正確さ")).getByRole("radio", { name: "5点：大変満足" }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.type(
      screen.getByLabelText("コメント", { exact: false }),
      "迅速なご対応ありがとうございました。",
    );
    await user.click(screen.getByRole("button", { name: "評価を送信する" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      communication: 4,
      accuracy: 5,
      speed: 3,
      comment: "迅速なご対応ありがとうございました。",
    });
  });

  it("asks for every score in Japanese, on the group, and sends no empty comment", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: RatingInput) => {});
    render(<RatingForm counterpartName="青葉工業" onSubmit={onSubmit} />);
    await user.click(within(group("正確さ")).getByRole("radio", { name: "2点：やや不満" }));
    await user.click(screen.getByRole("button", { name: "評価を送信する" }));
    expect(await screen.findByText("コミュニケーションを1〜5で選んでください")).toBeTruthy();
    expect(screen.getByText("スピードを1〜5で選んでください")).toBeTruthy();
    expect(group("コミュニケーション").getAttribute("aria-invalid")).toBe("true");
    expect(group("正確さ").getAttribute("aria-invalid")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(within(group("コミュニケーション")).getByRole("radio", { name: "1点：不満" }));
    await user.click(within(group("スピード")).getByRole("radio", { name: "5点：大変満足" }));
    await user.click(screen.getByRole("button", { name: "評価を送信する" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      communication: 1,
      accuracy: 2,
      speed: 5,
      comment: undefined,
    });
  });

  it("refuses a comment over 1,000 characters and shows the API's refusal", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: RatingInput) => {
      throw new ApiError(409, "CONFLICT", "この商談はすでに評価済みです。評価は一度だけ送信できます。");
    });
    render(<RatingForm counterpartName="青葉工業" onSubmit={onSubmit} />);
    for (const name of ["コミュニケーション", "正確さ", "スピード"])
      await user.click(within(group(name)).getByRole("radio", { name: "4点：満足" }));
    const comment = screen.getByLabelText("コメント", { exact: false });
    await user.click(comment);
    await user.paste("あ".repeat(1001));
    await user.click(screen.getByRole("button", { name: "評価を送信する" }));
    expect(await screen.findByText("コメントは1000文字以内で入力してください")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(comment);
    await user.click(screen.getByRole("button", { name: "評価を送信する" }));
    expect(
      await screen.findByText("この商談はすでに評価済みです。評価は一度だけ送信できます。"),
    ).toBeTruthy();
  });
});

const rating = (over: Partial<RatingState["mine"]> = {}) => ({
  communication: 5,
  accuracy: 4,
  speed: 3,
  comment: "丁寧なご対応でした。",
  createdAt: "2026-11-26T03:00:00.000Z",
  ...over,
});
const state = (over: Partial<RatingState>): RatingState => ({
  threadId: "t1",
  side: "BUYER",
  canRate: false,
  mine: null,
  countsFrom: "2026-12-10T03:00:00.000Z",
  ...over,
});

describe("RatingPanelView", () => {
  it("shows the form while the caller has not rated", () => {
    render(
      <RatingPanelView state={state({ canRate: true })} counterpartName="青葉工業" onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole("form", { name: "青葉工業の評価" })).toBeTruthy();
    expect(screen.queryByText(/あなたの評価/)).toBeNull();
  });

  // Issue 33: the other side's rating is never shown, only my own and how it will count.
  it("shows my rating and the rule, never the other side's rating", () => {
    render(
      <RatingPanelView state={state({ mine: rating() })} counterpartName="青葉工業" onSubmit={vi.fn()} />,
    );
    const mine = screen.getByRole("region", { name: "あなたの評価（送信済み）" });
    expect(mine.textContent).toContain("コミュニケーション5点（大変満足）");
    expect(mine.textContent).toContain("丁寧なご対応でした。");
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByText(new RegExp(`${NOTE}.*（この取引の反映日：遅くとも2026/12/10）`))).toBeTruthy();
    expect(screen.queryByRole("region", { name: /からの評価/ })).toBeNull();
    expect(screen.queryByText(/まだ届いていません/)).toBeNull();
  });
});
