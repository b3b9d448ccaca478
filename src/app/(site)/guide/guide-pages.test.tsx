import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CapabilitiesGuidePage from "./capabilities/page";
import TicketRefundGuidePage from "./ticket-refund/page";
import TrackRecordGuidePage from "./track-record/page";

// The user guide's pages: one h1, each topic a named section with its h2, and the rules as built
// (docs/trust.md) in the words a member reads.
describe("user guide pages", () => {
  it("/guide/ticket-refund says when a ticket comes back and how the days are counted", () => {
    render(<TicketRefundGuidePage />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "チケットの自動返却",
    ]);
    const sections = screen.getAllByRole("region");
    expect(sections.map((s) => within(s).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "チケットが返却される条件",
      "5営業日の数え方",
      "「発注者さまが開いた」とは",
      "返却されたあと",
      "返却の対象にならない場合",
      "運営事務局による返却",
    ]);
    const text = document.body.textContent ?? "";
    expect(text).toContain("最初のメッセージを送った日時から数えます");
    expect(text).toContain(
      "土曜日・日曜日、国民の祝日（振替休日・国民の休日を含む）と、多くの企業がお休みになる年末年始（12月29日〜1月3日）は数えません",
    );
    expect(text).toContain("商談スレッドと発注者さまの連絡先は、返却後もそのままご覧いただけます");
    expect(text).toContain("メールで1通お知らせします");
    expect(screen.getByRole("link", { name: "運営へのお問い合わせ" })).toHaveProperty("pathname", "/support");
  });

  it("/guide/track-record explains each figure, 実績なし（新規） and the ratings' rules", () => {
    render(<TrackRecordGuidePage />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["実績の見方"]);
    const terms = [...document.querySelectorAll("dt")].map((d) => d.textContent);
    expect(terms).toEqual([
      "利用開始",
      "メールアドレス確認済み",
      "法人番号 確認済み",
      "直近12か月の問い合わせ",
      "返信率",
      "決定率",
      "最初の返信までの時間",
      "指名への返信率",
      "最初の見積までの時間",
      "見積の提出",
      "受注",
    ]);
    const text = document.body.textContent ?? "";
    expect(text).toContain(
      "3件未満の発注者さまは、返信率・決定率・最初の返信までの時間を「実績なし（新規）」と表示します",
    );
    expect(text).toContain("発注の決定から14日が過ぎたとき");
    expect(text).toContain("評価が3件以上集まるまでは表示しません");
    expect(text).toContain("企業が実績を入力・修正することはできません");
    expect(text).toContain(
      "チケットを使う前に、発注者さまの会社名・所在地・法人番号がわかることはありません",
    );
  });

  it("/guide/capabilities explains the badge, its expiry, the category gate and the stated conditions", () => {
    render(<CapabilitiesGuidePage />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "対応能力・認証と適合度",
    ]);
    const sections = screen.getAllByRole("region");
    expect(sections.map((s) => within(s).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "対応能力（OEMメーカーが登録）",
      "「認証確認済み」とは",
      "適合度の計算",
      "どこに表示されるか",
    ]);
    // The fit of docs/capabilities.md (issue 33): no points per item, the category a gate.
    const terms = [...document.querySelectorAll("dt")].map((d) => d.textContent ?? "");
    expect(terms.some((t) => /点）/.test(t))).toBe(false);
    const text = document.body.textContent ?? "";
    expect(text).toContain("「カテゴリ外」");
    expect(text).toContain("指定していない条件は、数えません");
    expect(text).toContain("数量は同じ単位どうしでだけ比べます");
    expect(text).toContain("有効期限の30日前に");
    expect(text).toContain("期限が過ぎると、表示は自動で外れます");
    expect(text).toContain("半分として数えます");
    expect(text).toContain("認証機関や行政への照会ではありません");
  });
});
