// Demo news (お知らせ) written by the operator. `{date}` in a body is replaced by the
// Japanese date of `mentionInDays` days from the seeding day.

export interface DemoNews {
  title: string;
  body: string;
  audience: "ALL" | "BUYER" | "SUPPLIER";
  /** Days ago it was published; undefined for a draft. */
  publishedDaysAgo?: number;
  mentionInDays?: number;
}

export const DEMO_NEWS: DemoNews[] = [
  {
    title: "OEMマッチ 正式リリースのお知らせ",
    audience: "ALL",
    publishedDaysAgo: 120,
    body: "いつもOEMマッチをご利用いただきありがとうございます。\n\nベータ版として運営してまいりましたOEMマッチは、本日より正式版としてサービスを開始いたしました。OEMメーカーの検索、一括問い合わせ（公開案件）、指名問い合わせの各機能を、引き続き無料でご利用いただけます。\n\nいただいたご意見をもとに、今後も機能の改善を進めてまいります。今後ともよろしくお願いいたします。",
  },
  {
    title: "一括問い合わせの審査基準について",
    audience: "BUYER",
    publishedDaysAgo: 75,
    body: "一括問い合わせは、公開前に運営事務局が内容を確認しております。以下に該当する案件は、公開を見送らせていただく場合があります。\n\n・医薬品的な効能効果をうたう商品など、法令に抵触するおそれのあるもの\n・第三者の商標・著作物の利用許諾が確認できないもの\n・製造の内容が具体的に記載されていないもの\n\n審査は通常1営業日以内に完了します。公開を見送った場合は、理由をマイページの案件詳細でお知らせします。",
  },
  {
    title: "チケットのまとめ買い価格のご案内",
    audience: "SUPPLIER",
    publishedDaysAgo: 60,
    body: "無料プランのOEMメーカー様向けに、指名問い合わせへの返信に使うチケットのまとめ買い価格をご用意しています。\n\n・1枚：5,000円（税抜）\n・5枚：22,500円（税抜、1枚あたり4,500円）\n・10枚：40,000円（税抜、1枚あたり4,000円）\n\nお支払いは請求書払いです。入金確認後にチケットが付与されます。指名問い合わせが多い企業様には、返信し放題の有料プラン（月額30,000円・税抜）もおすすめです。",
  },
  {
    title: "事例ページの写真が大きく表示されるようになりました",
    audience: "SUPPLIER",
    publishedDaysAgo: 32,
    body: "OEMメーカー様の事例ページで、写真をより大きく表示できるようになりました。製品写真や製造工程の写真を掲載いただくと、発注者様に取り組みが伝わりやすくなります。\n\n事例の編集は、マイページの「事例管理」から行えます。",
  },
  {
    title: "指名問い合わせで返信をもらいやすくするコツ",
    audience: "BUYER",
    publishedDaysAgo: 14,
    body: "指名問い合わせを送る際は、次の点を記載いただくとOEMメーカーから具体的な提案が届きやすくなります。\n\n1. 想定しているロット数と、将来の追加生産の見込み\n2. 目標単価または予算\n3. 希望納期と、その理由（発売時期など）\n4. 参考にしている既存商品や、貴社の事例ページで気になった点\n\n情報が揃っているほど、見積もりまでの期間が短くなります。",
  },
  {
    title: "システムメンテナンスのお知らせ",
    audience: "ALL",
    publishedDaysAgo: 3,
    mentionInDays: 9,
    body: "下記の日程でシステムメンテナンスを実施いたします。メンテナンス中はOEMマッチの全機能がご利用いただけません。ご不便をおかけしますが、ご理解のほどよろしくお願いいたします。\n\n日時：{date} 2:00〜5:00（予定）\n内容：サーバー機器の更新\n\n作業の進み具合により、終了時刻が前後する場合があります。",
  },
  {
    title: "有料プランの請求書発行日の変更について",
    audience: "SUPPLIER",
    publishedDaysAgo: 1,
    body: "有料プラン（月額）の請求書発行日を、毎月1日から毎月5日に変更いたします。お支払い期限は従来どおり翌月末日です。ご契約内容・料金に変更はありません。",
  },
  {
    title: "OEMメーカー向けオンライン説明会のご案内",
    audience: "SUPPLIER",
    body: "OEMマッチを初めてご利用になるOEMメーカー様向けに、プロフィールの書き方や事例の掲載方法をご紹介するオンライン説明会を開催します。\n\n日時：調整中\n形式：オンライン（参加無料）\n\n詳細は決まり次第お知らせします。",
  },
];
