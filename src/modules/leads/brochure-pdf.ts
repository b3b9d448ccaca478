import { yen } from "@/lib/yen";
import { PLAN_MONTHLY_FEE_YEN, TICKET_PRODUCTS } from "@/modules/billing/billing.products";
import { FONT, newDocument, toBuffer } from "@/server/pdf/pdf";

// The service brochure (サービス資料) emailed to leads; rendered once per process.
let cached: Promise<Buffer> | undefined;

export function brochurePdf(): Promise<Buffer> {
  cached ??= render();
  return cached;
}

async function render(): Promise<Buffer> {
  const doc = newDocument({ title: "OEMマッチ サービス資料" });
  const w = doc.page.width - 96;
  const h1 = (t: string) =>
    doc.moveDown(1).font(FONT.bold).fontSize(16).fillColor("#1d4ed8").text(t).fillColor("#111827");
  const p = (t: string) =>
    doc.moveDown(0.4).font(FONT.regular).fontSize(11).text(t, { width: w, lineGap: 4 });

  doc.rect(0, 0, doc.page.width, 150).fill("#1d4ed8");
  doc.fillColor("#ffffff").font(FONT.bold).fontSize(28).text("OEMマッチ", 48, 48);
  doc
    .font(FONT.regular)
    .fontSize(13)
    .text("OEMメーカーと発注者をつなぐマッチングサービス　サービス資料", 48, 92);
  doc.fillColor("#111827").text("", 48, 180);

  h1("OEMマッチとは");
  p(
    "化粧品・健康食品・食品・アパレル・雑貨・機械部品など、OEM（受託製造）の委託先を探す発注者と、製造を請け負うOEMメーカーをつなぐBtoBマッチングサービスです。発注者のご利用は無料です。",
  );

  h1("発注者の方へ：2つの問い合わせ方法");
  p(
    "一括問い合わせ：案件内容を一度入力するだけで、条件に合う複数のOEMメーカーから提案（エントリー）が届きます。運営事務局が内容を確認してから公開するため、安心してご利用いただけます。",
  );
  p("指名問い合わせ：企業ページを見て、気になる1社に直接お問い合わせいただけます。");

  h1("OEMメーカーの方へ：料金プラン（税抜）");
  p(
    "掲載は無料です。指名問い合わせへの返信にはチケット（1件につき1枚）を、一括問い合わせの公開案件へのエントリーには無制限プランをご利用いただきます。",
  );
  for (const t of TICKET_PRODUCTS)
    p(`・${t.label}　${yen(t.subtotalYen)}（1枚あたり${yen(t.subtotalYen / t.quantity)}）`);
  p("　チケットは、指名問い合わせの発注者の連絡先を開示して返信するときに1件につき1枚使います。");
  p(
    `・無制限プラン　月額${yen(PLAN_MONTHLY_FEE_YEN)}：公開案件へのエントリーができ、指名問い合わせへの返信もチケットなしで使い放題です。`,
  );
  p("お支払いは請求書払い（銀行振込）です。別途消費税（10%）を申し受けます。");

  h1("ご利用の流れ");
  p(
    "1. 無料会員登録　→　2. 企業情報・事例の登録（OEMメーカー）／案件の入力（発注者）　→　3. エントリー・回答　→　4. 商談・ご発注",
  );

  h1("お問い合わせ");
  p("OEMマッチ運営事務局　お問い合わせフォーム（/support）よりお気軽にご連絡ください。");
  return toBuffer(doc);
}
