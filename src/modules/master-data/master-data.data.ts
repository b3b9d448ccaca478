// Master data seeded on every start (idempotent). Prefectures in JIS X 0401 order.
export const PREFECTURES: ReadonlyArray<readonly [number, string, string]> = [
  [1, "北海道", "北海道"],
  [2, "青森県", "東北"], [3, "岩手県", "東北"], [4, "宮城県", "東北"], [5, "秋田県", "東北"], [6, "山形県", "東北"], [7, "福島県", "東北"],
  [8, "茨城県", "関東"], [9, "栃木県", "関東"], [10, "群馬県", "関東"], [11, "埼玉県", "関東"], [12, "千葉県", "関東"], [13, "東京都", "関東"], [14, "神奈川県", "関東"],
  [15, "新潟県", "中部"], [16, "富山県", "中部"], [17, "石川県", "中部"], [18, "福井県", "中部"], [19, "山梨県", "中部"], [20, "長野県", "中部"], [21, "岐阜県", "中部"], [22, "静岡県", "中部"], [23, "愛知県", "中部"],
  [24, "三重県", "近畿"], [25, "滋賀県", "近畿"], [26, "京都府", "近畿"], [27, "大阪府", "近畿"], [28, "兵庫県", "近畿"], [29, "奈良県", "近畿"], [30, "和歌山県", "近畿"],
  [31, "鳥取県", "中国"], [32, "島根県", "中国"], [33, "岡山県", "中国"], [34, "広島県", "中国"], [35, "山口県", "中国"],
  [36, "徳島県", "四国"], [37, "香川県", "四国"], [38, "愛媛県", "四国"], [39, "高知県", "四国"],
  [40, "福岡県", "九州・沖縄"], [41, "佐賀県", "九州・沖縄"], [42, "長崎県", "九州・沖縄"], [43, "熊本県", "九州・沖縄"], [44, "大分県", "九州・沖縄"], [45, "宮崎県", "九州・沖縄"], [46, "鹿児島県", "九州・沖縄"], [47, "沖縄県", "九州・沖縄"],
];

export const CATEGORIES: ReadonlyArray<readonly [string, string]> = [
  ["cosmetics", "化粧品"],
  ["health-food", "健康食品・サプリメント"],
  ["food", "食品"],
  ["beverage", "飲料・酒類"],
  ["apparel", "アパレル・繊維製品"],
  ["bags-accessories", "バッグ・服飾雑貨"],
  ["goods", "雑貨"],
  ["daily-necessities", "日用品"],
  ["electronics", "電子機器"],
  ["machine-parts", "機械部品"],
  ["metal-processing", "金属加工"],
  ["resin-molding", "樹脂成形"],
  ["packaging", "包装資材・パッケージ"],
  ["pet", "ペット用品"],
  ["furniture", "家具・インテリア"],
  ["medical-devices", "医療機器・衛生用品"],
];

export const FEATURES: ReadonlyArray<readonly [string, string]> = [
  ["small-lot", "小ロット対応"],
  ["short-lead-time", "短納期"],
  ["overseas-factory", "海外工場"],
  ["planning-design", "企画・デザイン対応"],
  ["iso", "ISO認証"],
  ["gmp", "GMP対応"],
  ["organic", "オーガニック認証"],
  ["prototype", "試作対応"],
  ["packaging-design", "パッケージ制作"],
  ["logistics", "物流・発送代行"],
  ["regulatory", "薬事・法規制サポート"],
  ["english", "英語対応"],
];

export const DEACTIVATION_REASONS: ReadonlyArray<readonly ["ALL" | "BUYER" | "SUPPLIER", string]> = [
  ["BUYER", "委託先が見つかった"],
  ["BUYER", "希望に合うOEMメーカーが見つからなかった"],
  ["SUPPLIER", "問い合わせ・案件が少なかった"],
  ["SUPPLIER", "料金が高い"],
  ["SUPPLIER", "受注体制が整わなくなった"],
  ["ALL", "使い方がわかりにくい"],
  ["ALL", "他のサービスを利用することにした"],
  ["ALL", "事業を終了・縮小した"],
  ["ALL", "その他"],
];
