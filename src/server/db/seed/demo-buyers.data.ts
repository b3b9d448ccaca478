// Demo buyers (発注者): fictional companies looking for OEM partners, and the platform operator.

export interface DemoPerson {
  name: string;
  email: string;
  department: string;
  phone: string;
}

export interface DemoBuyer {
  key: string;
  name: string;
  nameKana: string;
  prefectureId: number;
  postalCode: string;
  address: string;
  phone: string;
  website: string;
  representativeName: string;
  establishedYear: number;
  capitalYen: number;
  employeeCount: number;
  industry: string;
  description: string;
  admin: DemoPerson;
  general?: DemoPerson;
}

export const DEMO_OWNER = { name: "中村 由美", email: "owner@demo.oem-match.jp" };

export const DEMO_BUYERS: DemoBuyer[] = [
  {
    key: "botanical-life",
    name: "株式会社ボタニカルライフ",
    nameKana: "カブシキガイシャボタニカルライフ",
    prefectureId: 13,
    postalCode: "150-0002",
    address: "東京都渋谷区渋谷2-15-1 渋谷クロスタワー14F",
    phone: "03-6418-2270",
    website: "https://www.botanical-life.example.jp",
    representativeName: "佐藤 美咲",
    establishedYear: 2019,
    capitalYen: 9_000_000,
    employeeCount: 14,
    industry: "化粧品・美容（D2Cブランド）",
    description:
      "植物由来の成分にこだわったスキンケア・ボディケアのD2Cブランドを運営しています。自社ECとセレクトショップでの販売を中心に、新商品の開発パートナーを探しています。",
    admin: {
      name: "佐藤 美咲",
      email: "buyer@demo.oem-match.jp",
      department: "商品企画部",
      phone: "03-6418-2271",
    },
    general: {
      name: "高橋 健太",
      email: "buyer-general@demo.oem-match.jp",
      department: "商品企画部",
      phone: "03-6418-2272",
    },
  },
  {
    key: "good-days",
    name: "株式会社グッドデイズ商事",
    nameKana: "カブシキガイシャグッドデイズショウジ",
    prefectureId: 27,
    postalCode: "530-0001",
    address: "大阪府大阪市北区梅田1-11-4 大阪駅前第4ビル8F",
    phone: "06-6345-1187",
    website: "https://www.gooddays-shoji.example.jp",
    representativeName: "田中 浩二",
    establishedYear: 1999,
    capitalYen: 30_000_000,
    employeeCount: 65,
    industry: "生活雑貨の卸・小売",
    description:
      "全国の雑貨店・ホームセンター向けに生活雑貨を卸しているほか、直営の雑貨店を関西で8店舗運営しています。プライベートブランド商品の製造委託先を募集しています。",
    admin: {
      name: "田中 浩二",
      email: "buyer-gooddays@demo.oem-match.jp",
      department: "商品部",
      phone: "06-6345-1188",
    },
  },
  {
    key: "mirai-healthcare",
    name: "株式会社ミライヘルスケア",
    nameKana: "カブシキガイシャミライヘルスケア",
    prefectureId: 40,
    postalCode: "812-0011",
    address: "福岡県福岡市博多区博多駅前3-2-8 博多駅前スクエア6F",
    phone: "092-433-5520",
    website: "https://www.mirai-healthcare.example.jp",
    representativeName: "山本 由紀",
    establishedYear: 2011,
    capitalYen: 20_000_000,
    employeeCount: 38,
    industry: "健康食品の通信販売",
    description:
      "40〜60代の女性を中心に、健康食品とスキンケアの定期通販を行っています。機能性表示食品を含む新商品の開発に向けて、製造パートナーを探しています。",
    admin: {
      name: "山本 由紀",
      email: "buyer-mirai@demo.oem-match.jp",
      department: "商品開発部",
      phone: "092-433-5521",
    },
  },
  {
    key: "atelier-nord",
    name: "株式会社アトリエ・ノルド",
    nameKana: "カブシキガイシャアトリエノルド",
    prefectureId: 13,
    postalCode: "153-0051",
    address: "東京都目黒区上目黒1-18-6 中目黒アトリエ棟3F",
    phone: "03-5722-0386",
    website: "https://www.atelier-nord.example.jp",
    representativeName: "小林 直人",
    establishedYear: 2015,
    capitalYen: 5_000_000,
    employeeCount: 11,
    industry: "アパレル（自社ブランド）",
    description:
      "北欧のライフスタイルに着想を得たアパレルと服飾雑貨のブランドを展開しています。国内生産にこだわり、長く着られる定番品づくりのパートナーを探しています。",
    admin: {
      name: "小林 直人",
      email: "buyer-nord@demo.oem-match.jp",
      department: "生産管理",
      phone: "03-5722-0387",
    },
  },
  {
    key: "techno-frontier",
    name: "株式会社テクノフロンティア",
    nameKana: "カブシキガイシャテクノフロンティア",
    prefectureId: 14,
    postalCode: "212-0032",
    address: "神奈川県川崎市幸区新川崎7-7 かわさき新産業創造センター",
    phone: "044-589-3014",
    website: "https://www.techno-frontier.example.jp",
    representativeName: "伊藤 翔",
    establishedYear: 2020,
    capitalYen: 50_000_000,
    employeeCount: 23,
    industry: "IoT機器の開発（ハードウェアスタートアップ）",
    description:
      "工場や農業向けのIoTセンサーとクラウドサービスを開発しています。試作から量産までを支えてくれるEMS・部品加工のパートナーを探しています。",
    admin: {
      name: "伊藤 翔",
      email: "buyer-technofrontier@demo.oem-match.jp",
      department: "ハードウェア開発部",
      phone: "044-589-3015",
    },
  },
];
