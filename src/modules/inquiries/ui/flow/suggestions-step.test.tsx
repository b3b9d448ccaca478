import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readSelectedCompanies, SELECTED_COMPANIES_KEY } from "@/lib/selected-companies";
import type { SuggestedSupplier } from "@/modules/matching/suggestion.schema";
import { emptyDraft, type InquiryDraft } from "./draft";
import { SuggestionsStep } from "./suggestions-step";

// The bulk flow's 「条件に合うメーカー」 (issue 20): the draft's needs go to the suggestions API; each
// fitting supplier shows its score, badges and reasons, and one click adds it to the selection.

const target = { kind: "bulk" as const };
const draft: InquiryDraft = {
  ...emptyDraft("bulk"),
  title: "化粧水のOEM",
  categoryId: "1",
  prefectureIds: [27],
  lotQuantity: "３,０００",
  quantityUnit: "個",
  requiredCertificationIds: [12],
  sampleWanted: true,
  checked: true,
};

const supplier = (over: Partial<SuggestedSupplier>): SuggestedSupplier => ({
  id: "s1",
  name: "大阪充填化粧品株式会社",
  namePublished: true,
  catchphrase: "小ロットから化粧品OEM",
  prefectureName: "大阪府",
  logoUrl: null,
  score: 50, // one met, one missed, one unknown (half) of three stated conditions
  met: 1,
  stated: 3,
  reasons: [
    { met: true, hard: false, text: "化粧品製造業許可 認証確認済み" },
    { met: false, hard: false, text: "加工: 乳化 の登録なし" },
    { met: null, hard: false, text: "サンプル製作: 未登録" },
  ],
  verifiedCertifications: [{ id: 12, name: "化粧品製造業許可" }],
  ...over,
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderStep(onNext = vi.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SuggestionsStep target={target} draft={draft} isBuyer={false} onNext={onNext} />
    </SWRConfig>,
  );
  return onNext;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("SuggestionsStep", () => {
  it("asks with the draft's needs and lists each supplier with its score, badge and marked reasons", async () => {
    const fetch = answer(200, {
      items: [supplier({}), supplier({ id: "s2", name: "企業名非公開", namePublished: false, score: 80 })],
    });
    renderStep();
    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(2);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/contact/suggestions");
    expect(init.credentials).toBe("omit");
    expect(JSON.parse(init.body as string)).toEqual({
      categoryId: 1,
      prefectureIds: [27],
      lotQuantity: 3000,
      monthlyQuantity: null,
      quantityUnit: "個",
      requiredCertificationIds: [12],
      processIds: [],
      materialIds: [],
      sampleWanted: true,
    });
    const first = within(cards[0]!);
    expect(first.getByRole("heading", { name: /大阪充填化粧品株式会社/ })).toBeTruthy();
    expect(first.getByText("50")).toBeTruthy();
    expect(first.getByText("条件3件中1件に対応")).toBeTruthy();
    expect(first.getByTitle(/化粧品製造業許可/)).toBeTruthy();
    expect(first.getByText("対応：").parentElement?.textContent).toBe("対応：化粧品製造業許可 認証確認済み");
    expect(first.getByText("条件外：").parentElement?.textContent).toBe("条件外：加工: 乳化 の登録なし");
    expect(first.getByText("未登録：").parentElement?.textContent).toBe("未登録：サンプル製作: 未登録");
    expect(within(cards[1]!).getByRole("heading", { name: /企業名非公開/ })).toBeTruthy();
  });

  it("adds a supplier to the selected companies with one click, and takes it out again", async () => {
    answer(200, { items: [supplier({})] });
    const user = userEvent.setup();
    renderStep();
    const add = await screen.findByRole("button", { name: "大阪充填化粧品株式会社を一括問い合わせに追加" });
    expect(add.textContent).toBe("追加する");
    await user.click(add);
    expect(add.getAttribute("aria-pressed")).toBe("true");
    expect(add.textContent).toBe("追加済み");
    expect(readSelectedCompanies()).toEqual([{ id: "s1", name: "大阪充填化粧品株式会社" }]);
    expect(screen.getByText("お知らせを届ける企業：1社選択中（最大20社）")).toBeTruthy();
    await user.click(add);
    expect(readSelectedCompanies()).toEqual([]);
  });

  it("adds none beyond the 20 of the selection", async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, name: `企業${i}` }));
    localStorage.setItem(SELECTED_COMPANIES_KEY, JSON.stringify(twenty));
    answer(200, { items: [supplier({})] });
    const user = userEvent.setup();
    renderStep();
    const add = await screen.findByRole("button", { name: /一括問い合わせに追加/ });
    await user.click(add);
    expect(add.getAttribute("aria-pressed")).toBe("false");
    expect(readSelectedCompanies()).toHaveLength(20);
  });

  it("says plainly when nothing fits, links back to the requirements, and can be skipped", async () => {
    answer(200, { items: [] });
    const user = userEvent.setup();
    const onNext = renderStep();
    expect(await screen.findByText("条件に合うOEMメーカーは見つかりませんでした")).toBeTruthy();
    expect(screen.getByRole("link", { name: "条件を見直す" }).getAttribute("href")).toBe(
      "/buyer/bulk-inquiry?step=1#field-requirements",
    );
    await user.click(screen.getByRole("button", { name: "スキップ" }));
    await user.click(screen.getByRole("button", { name: "次へ進む" }));
    expect(onNext).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message when the suggestions fail, and tries again on request", async () => {
    answer(503, { error: { code: "UNAVAILABLE", message: "ただいま混み合っています。" } });
    const user = userEvent.setup();
    renderStep();
    expect(await screen.findByText("ただいま混み合っています。")).toBeTruthy();
    const fetch = answer(200, { items: [supplier({})] });
    await user.click(screen.getByRole("button", { name: "もう一度読み込む" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
