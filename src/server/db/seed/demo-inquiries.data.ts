// Demo inquiries (案件) from the demo buyers, in every status of both types, with the
// suppliers' entries. Days are counted back from the seeding day.

export type DemoEntryStatus = "ENTERED" | "SHORTLISTED" | "DECLINED" | "CANCELLED";

export interface DemoEntry {
  supplier: string;
  /** Which member of the supplier writes it (default the ADMIN). */
  by?: "admin" | "general";
  status: DemoEntryStatus;
  message: string;
  proposedUnitPriceYen?: number;
  leadTime?: string;
  /** Days after the inquiry was published (BULK) or sent (NOMINATION). */
  afterDays: number;
}

export interface DemoInquiry {
  buyer: string;
  by?: "admin" | "general";
  type: "BULK" | "NOMINATION";
  status: "REVIEW" | "OPEN" | "CLOSED" | "CANCELLED" | "REJECTED";
  nominated?: string;
  title: string;
  category: string;
  description: string;
  quantity: string;
  targetUnitPriceYen?: number;
  budgetYen?: number;
  ndaRequired: boolean;
  createdDaysAgo: number;
  /** Desired delivery date, days from today. */
  deliveryInDays?: number;
  /** BULK entry deadline, days from today (negative: past). */
  deadlineInDays?: number;
  /** Days ago the inquiry was closed, cancelled or rejected. */
  endedDaysAgo?: number;
  /** A CANCELLED bulk inquiry that had been public before. */
  wasPublished?: boolean;
  prefectures?: number[];
  /** Suppliers the buyer picked in search (BULK). */
  selected?: string[];
  rejectionReason?: string;
  entries?: DemoEntry[];
}

export const DEMO_INQUIRIES: DemoInquiry[] = [
  // ------------------------------------------------------------ BULK: in review
  {
    buyer: "botanical-life",
    type: "BULK",
    status: "REVIEW",
    title: "敏感肌向け無添加クレンジングバームのOEM製造",
    category: "cosmetics",
    description:
      "自社ブランドの新商品として、敏感肌の方でも使えるクレンジングバームを開発したいと考えています。\n\n【ご相談内容】\n・香料、着色料、鉱物油、パラベン不使用\n・W洗顔不要、マツエク対応\n・容量90g、ジャー容器（容器の手配もご相談したいです）\n・植物オイル主体で、とろける使用感を希望\n\n既存処方のアレンジでも構いません。サンプル作成から対応いただける企業様を探しています。",
    quantity: "初回3,000個、その後は年4回程度の追加生産を想定",
    targetUnitPriceYen: 650,
    ndaRequired: true,
    createdDaysAgo: 1,
    deliveryInDays: 150,
    deadlineInDays: 13,
    prefectures: [13, 14, 22, 27],
  },
  {
    buyer: "mirai-healthcare",
    type: "BULK",
    status: "REVIEW",
    title: "乳酸菌サプリメント（タブレット）のOEM　初回5,000袋",
    category: "health-food",
    description:
      "定期通販向けに、乳酸菌とビフィズス菌を配合したタブレットサプリメントを企画しています。\n\n・1日2粒、30日分（60粒）入りのアルミパウチ\n・有胞子性乳酸菌を含む複数菌種の配合を希望\n・味はヨーグルト風味など、噛んでも飲み込んでも摂れる仕様\n・将来的には機能性表示食品としての届出も検討しています\n\nGMP認定工場での製造を必須条件とさせてください。",
    quantity: "初回5,000袋（60粒入り）",
    targetUnitPriceYen: 480,
    ndaRequired: false,
    createdDaysAgo: 2,
    deliveryInDays: 120,
    deadlineInDays: 12,
    selected: ["natural-pharma", "kyushu-kenko"],
  },
  {
    buyer: "techno-frontier",
    type: "BULK",
    status: "REVIEW",
    title: "IoT温湿度センサー基板の量産（EMS）",
    category: "electronics",
    description:
      "現在試作済みのLTE-M対応温湿度センサーについて、量産をお願いできるEMS企業様を探しています。\n\n・基板サイズ 60×40mm、4層、部品点数約120点\n・回路図、ガーバーデータ、BOMあり（NDA締結後に開示）\n・部品調達からお願いしたいです（一部支給も可）\n・ファームウェア書き込みと通電検査まで\n\n量産に向けた設計レビュー（DFM）のご提案もいただけると助かります。",
    quantity: "初回1,000台、翌年以降 年間5,000台程度",
    budgetYen: 6_000_000,
    ndaRequired: true,
    createdDaysAgo: 3,
    deliveryInDays: 180,
    deadlineInDays: 11,
  },

  // ------------------------------------------------------------ BULK: open (public recruits)
  {
    buyer: "botanical-life",
    type: "BULK",
    status: "OPEN",
    title: "オーガニック化粧水のOEM製造（初回ロット3,000本）",
    category: "cosmetics",
    description:
      "当社ブランドの主力となるオーガニック化粧水の製造パートナーを募集します。\n\n【希望仕様】\n・容量150mL、ポンプ付きボトル\n・国内外のオーガニック認証原料を使用（認証取得は必須ではありません）\n・さっぱりタイプとしっとりタイプの2種類\n・合成香料不使用、精油による微香\n\n【進め方】\n1. 処方のご提案とサンプル作成（2〜3回の改良を想定）\n2. 容器・化粧箱の選定\n3. 初回生産\n\n処方開発から表示の確認まで伴走いただける企業様だと嬉しいです。",
    quantity: "2種×各1,500本（合計3,000本）",
    targetUnitPriceYen: 700,
    ndaRequired: false,
    createdDaysAgo: 9,
    deliveryInDays: 120,
    deadlineInDays: 6,
    prefectures: [13, 22, 27],
    selected: ["bisui", "lumiere", "aromatica"],
    entries: [
      {
        supplier: "bisui",
        status: "SHORTLISTED",
        message:
          "美翠コスメティックの望月と申します。オーガニック化粧水の開発実績が多数あり、さっぱり・しっとりの2タイプとも既存処方をベースに2週間ほどでサンプルをお出しできます。150mLのポンプボトルは在庫品から3種類ご提案可能です。一度オンラインで詳しい仕様を伺えますでしょうか。",
        proposedUnitPriceYen: 620,
        leadTime: "サンプル2週間、量産は処方確定後30日",
        afterDays: 1,
      },
    ],
  },
  {
    buyer: "mirai-healthcare",
    type: "BULK",
    status: "OPEN",
    title: "青汁パウダー（スティック個包装）のOEM製造",
    category: "health-food",
    description:
      "通販で販売している青汁のリニューアルにあたり、製造委託先を見直しています。\n\n・国産大麦若葉を主原料に、乳酸菌・難消化性デキストリンを配合\n・3g×30包のスティック、化粧箱入り\n・水や牛乳に溶けやすい顆粒タイプを希望\n・残留農薬検査、放射性物質検査の成績書をご提出いただける方\n\n現行品のサンプルをお送りしますので、同等以上の飲みやすさを目指したいです。",
    quantity: "30包入り×10,000箱（年間）",
    targetUnitPriceYen: 900,
    ndaRequired: false,
    createdDaysAgo: 7,
    deliveryInDays: 90,
    deadlineInDays: 8,
    prefectures: [1, 40, 43],
    selected: ["natural-pharma", "kyushu-kenko"],
    entries: [
      {
        supplier: "natural-pharma",
        status: "ENTERED",
        message:
          "ナチュラルファーマ北海道の佐々木です。大麦若葉の顆粒スティックは当社の主力製品の一つで、乳酸菌・難消化性デキストリン配合の実績もございます。各種検査の成績書もロットごとにご提出可能です。現行品をお送りいただければ、溶けやすさを比較したサンプルをご用意します。",
        proposedUnitPriceYen: 840,
        leadTime: "試作3週間、量産60日",
        afterDays: 1,
      },
      {
        supplier: "setouchi",
        status: "ENTERED",
        message:
          "瀬戸内食品加工の村上と申します。当社は粉末飲料の充填ラインを保有しており、瀬戸内レモンを加えた飲みやすい配合もご提案できます。FSSC 22000認証工場での製造となります。",
        proposedUnitPriceYen: 880,
        leadTime: "約45日",
        afterDays: 3,
      },
    ],
  },
  {
    buyer: "good-days",
    type: "BULK",
    status: "OPEN",
    title: "ステンレス製アウトドア用マグ・カトラリーのOEM",
    category: "goods",
    description:
      "直営店と卸先向けのプライベートブランドとして、アウトドア用品のシリーズを立ち上げます。\n\n・二重構造のステンレスマグ（350mL）\n・スタッキングできるカトラリー3点セット（収納ケース付き）\n・ロゴのレーザー刻印\n・カラーはシルバー、マットブラック、サンドベージュの3色\n\n金型が必要な場合は費用と期間も合わせてご提示ください。",
    quantity: "マグ3色×各1,000個、カトラリー1,500セット",
    budgetYen: 4_500_000,
    ndaRequired: false,
    createdDaysAgo: 11,
    deliveryInDays: 100,
    deadlineInDays: 4,
    entries: [
      {
        supplier: "tsubame",
        status: "SHORTLISTED",
        message:
          "燕三条メタルワークスの五十嵐です。二重構造マグは既存型で対応でき、3色ともPVDまたは粉体塗装で仕上げ可能です。カトラリーは収納ケースとセットでのご提案をお送りします。工場見学も歓迎いたします。",
        proposedUnitPriceYen: 1_380,
        leadTime: "約45日（既存型使用の場合）",
        afterDays: 2,
      },
      {
        supplier: "toho",
        status: "DECLINED",
        message:
          "東邦精工の鈴木です。カトラリーの切削試作であれば対応可能です。量産については協力工場と連携してのご提案となります。",
        proposedUnitPriceYen: 2_200,
        leadTime: "試作2週間、量産は要相談",
        afterDays: 4,
      },
    ],
  },
  {
    buyer: "atelier-nord",
    type: "BULK",
    status: "OPEN",
    title: "オーガニックコットンTシャツのOEM（3型×各300枚）",
    category: "apparel",
    description:
      "来春夏シーズンの定番Tシャツを国内で生産したいと考えています。\n\n・素材：オーガニックコットン天竺（度詰め、6オンス前後）\n・型：クルーネック、ポケット付き、ロングスリーブの3型\n・サイズ：S / M / L / XL\n・カラー：各型2色\n・ブランドネーム、洗濯表示の縫い付け\n\nパターンはこちらで用意できますが、サンプル修正のご提案もいただけると助かります。",
    quantity: "3型×各300枚（合計900枚）",
    targetUnitPriceYen: 2_200,
    ndaRequired: false,
    createdDaysAgo: 5,
    deliveryInDays: 110,
    deadlineInDays: 10,
    prefectures: [23, 33, 21],
    selected: ["bishu", "kojima", "imabari"],
    entries: [
      {
        supplier: "bishu",
        status: "ENTERED",
        message:
          "尾州テキスタイル工房の加藤です。GOTS認証のオーガニックコットン天竺を6.2オンスでご用意でき、3型とも自社縫製工場で対応可能です。首リブの仕様について、ヨレにくい仕様をサンプルでご提案させてください。",
        proposedUnitPriceYen: 2_050,
        leadTime: "サンプル3週間、量産60日",
        afterDays: 1,
      },
    ],
  },
  {
    buyer: "techno-frontier",
    type: "BULK",
    status: "OPEN",
    title: "アルミ切削部品の試作・小ロット量産（月産500個）",
    category: "machine-parts",
    description:
      "屋外設置型センサーの取付ブラケット（A6061、アルマイト処理）の加工先を募集します。\n\n・外形 80×50×20mm程度、公差 ±0.02mm（一部）\n・試作10個 → 量産 月500個を想定\n・黒アルマイト、レーザーマーキング（シリアル番号）\n・3Dデータ（STEP）と2D図面あり\n\n試作の納期を重視しています。",
    quantity: "試作10個、量産 月500個",
    targetUnitPriceYen: 1_800,
    ndaRequired: true,
    createdDaysAgo: 4,
    deliveryInDays: 45,
    deadlineInDays: 9,
    prefectures: [13, 14, 11],
    entries: [
      {
        supplier: "toho",
        status: "ENTERED",
        message:
          "東邦精工の鈴木です。A6061のブラケット形状は当社の得意分野で、試作は図面受領後5営業日で出荷できます。量産時は専用治具を製作し、月500個を安定してお届けします。黒アルマイトとレーザーマーキングも協力会社と一貫で対応します。",
        proposedUnitPriceYen: 1_650,
        leadTime: "試作5営業日、量産3週間",
        afterDays: 1,
      },
      {
        supplier: "tsubame",
        status: "CANCELLED",
        message:
          "燕三条メタルワークスです。切削とアルマイトの一貫対応をご提案いたします。（社内の生産計画の都合により、エントリーを取り下げさせていただきました）",
        proposedUnitPriceYen: 1_900,
        leadTime: "約4週間",
        afterDays: 2,
      },
    ],
  },
  {
    buyer: "good-days",
    type: "BULK",
    status: "OPEN",
    title: "国産フルーツを使ったギフト用ジャムのOEM",
    category: "food",
    description:
      "お歳暮・お中元向けのギフトカタログに掲載するジャムセットを企画しています。\n\n・国産フルーツ（いちご、りんご、柑橘など）を使った3種セット\n・140g程度の瓶、ギフト箱入り\n・砂糖控えめ、添加物はできるだけ使わない配合\n・賞味期限は製造から12か月以上\n\nギフト箱の手配まで含めてご相談できる企業様を希望します。",
    quantity: "3種セット×2,000箱",
    targetUnitPriceYen: 1_500,
    ndaRequired: false,
    createdDaysAgo: 3,
    deliveryInDays: 140,
    deadlineInDays: 11,
    entries: [
      {
        supplier: "setouchi",
        status: "ENTERED",
        message:
          "瀬戸内食品加工の村上です。瀬戸内レモン、いよかん、いちごの3種でのセットをご提案します。ギフト箱は当社で企画から手配まで承ります。賞味期限12か月の実績もございます。",
        proposedUnitPriceYen: 1_420,
        leadTime: "約40日",
        afterDays: 1,
      },
    ],
  },

  // ------------------------------------------------------------ BULK: closed
  {
    buyer: "botanical-life",
    by: "general",
    type: "BULK",
    status: "CLOSED",
    title: "ヘアオイル（100mL）のOEM製造",
    category: "cosmetics",
    description:
      "洗い流さないトリートメントとして使えるヘアオイルを開発したいです。\n\n・容量100mL、スポイトまたはポンプ容器\n・シリコーンフリー、植物オイル主体\n・ベタつかず、ドライヤーの熱から髪を守る使用感\n・香りはベルガモットとラベンダーの2種",
    quantity: "2種×各1,000本",
    targetUnitPriceYen: 550,
    ndaRequired: false,
    createdDaysAgo: 62,
    deliveryInDays: 20,
    deadlineInDays: -46,
    endedDaysAgo: 46,
    entries: [
      {
        supplier: "bisui",
        status: "SHORTLISTED",
        message:
          "美翠コスメティックです。シリコーンフリーのヘアオイルは、ツバキ油とアルガンオイルをベースにした処方をご提案できます。2種の香りともサンプルをご用意します。",
        proposedUnitPriceYen: 520,
        leadTime: "サンプル2週間、量産30日",
        afterDays: 2,
      },
    ],
  },
  {
    buyer: "mirai-healthcare",
    type: "BULK",
    status: "CLOSED",
    title: "プロテインバーのOEM（ソイ・ホエイ各1種）",
    category: "health-food",
    description:
      "定期通販の会員向けに、間食として食べられるプロテインバーを企画しています。\n\n・1本40g前後、たんぱく質10g以上\n・ソイプロテイン（チョコ味）とホエイプロテイン（ベリー味）の2種\n・個包装、常温で賞味期限6か月以上",
    quantity: "2種×各5,000本",
    targetUnitPriceYen: 160,
    ndaRequired: false,
    createdDaysAgo: 70,
    deliveryInDays: -5,
    deadlineInDays: -54,
    endedDaysAgo: 54,
    entries: [
      {
        supplier: "natural-pharma",
        status: "DECLINED",
        message:
          "ナチュラルファーマ北海道です。バー形状の製造は協力工場での対応となりますが、プロテイン原料の選定と配合設計からご支援いたします。",
        proposedUnitPriceYen: 185,
        leadTime: "約75日",
        afterDays: 3,
      },
      {
        supplier: "setouchi",
        status: "SHORTLISTED",
        message:
          "瀬戸内食品加工です。ベイクドタイプのプロテインバーの量産実績があり、たんぱく質15gの配合でもしっとりした食感に仕上げられます。個包装・賞味期限6か月も対応済みです。",
        proposedUnitPriceYen: 150,
        leadTime: "約40日",
        afterDays: 1,
      },
    ],
  },
  {
    buyer: "techno-frontier",
    type: "BULK",
    status: "CLOSED",
    title: "Bluetoothタグの筐体設計・樹脂成形と基板実装",
    category: "electronics",
    description:
      "資産管理用のBluetooth Low Energyタグを開発中です。筐体の設計・金型・成形と、基板実装・組立をまとめてお願いできる企業様を探しています。\n\n・サイズ 40×40×8mm程度、IPX5相当\n・CR2032電池交換式\n・ロゴのパッド印刷",
    quantity: "初回3,000個",
    budgetYen: 4_000_000,
    ndaRequired: true,
    createdDaysAgo: 48,
    deliveryInDays: 60,
    deadlineInDays: -33,
    endedDaysAgo: 33,
    selected: ["arc", "hamamatsu-plastic"],
    entries: [
      {
        supplier: "arc",
        status: "SHORTLISTED",
        message:
          "アークエレクトロニクスの高橋です。同サイズのBLEタグを筐体から一括で開発した実績がございます。IPX5の防水設計と電波法認証の取得までサポート可能です。",
        proposedUnitPriceYen: 1_150,
        leadTime: "試作4週間、量産8週間",
        afterDays: 1,
      },
      {
        supplier: "toho",
        status: "DECLINED",
        message:
          "東邦精工です。筐体の切削試作（POM・ABS）で初期ロットを短納期で立ち上げることが可能です。量産は成形メーカーとの連携となります。",
        proposedUnitPriceYen: 1_600,
        leadTime: "試作1週間",
        afterDays: 2,
      },
      {
        supplier: "medical-toyama",
        status: "ENTERED",
        message:
          "メディカルテクノ富山です。樹脂成形と組立はクリーン環境で対応可能です。基板は支給いただく形でのご提案となります。",
        proposedUnitPriceYen: 1_300,
        leadTime: "約10週間",
        afterDays: 5,
      },
    ],
  },

  // ------------------------------------------------------------ BULK: cancelled
  {
    buyer: "atelier-nord",
    type: "BULK",
    status: "CANCELLED",
    title: "ウールニットカーディガンのOEM",
    category: "apparel",
    description:
      "秋冬向けのウールニットカーディガン（ミドルゲージ、メンズ・レディース兼用）の生産先を募集します。\n\n・ウール100%（リサイクルウールも可）\n・サイズ展開 S / M / L\n・カラー3色",
    quantity: "3色×各200枚",
    targetUnitPriceYen: 6_500,
    ndaRequired: false,
    createdDaysAgo: 30,
    deliveryInDays: 75,
    deadlineInDays: -2,
    endedDaysAgo: 20,
    wasPublished: true,
    entries: [
      {
        supplier: "bishu",
        status: "CANCELLED",
        message:
          "尾州テキスタイル工房です。羽島のニット工場でミドルゲージのカーディガンを生産しております。リサイクルウール糸でのご提案が可能です。",
        proposedUnitPriceYen: 6_200,
        leadTime: "約75日",
        afterDays: 2,
      },
    ],
  },
  {
    buyer: "good-days",
    type: "BULK",
    status: "CANCELLED",
    title: "ギフトボックス（貼り箱）の製作",
    category: "packaging",
    description:
      "直営店のギフトラッピング用に、ブランドロゴの箔押しを入れた貼り箱を製作したいです。サイズはS・Mの2種類を想定しています。",
    quantity: "S・M 各1,000個",
    targetUnitPriceYen: 350,
    ndaRequired: false,
    createdDaysAgo: 16,
    deliveryInDays: 50,
    deadlineInDays: -1,
    endedDaysAgo: 15,
  },

  // ------------------------------------------------------------ BULK: rejected by the operator
  {
    buyer: "good-days",
    type: "BULK",
    status: "REJECTED",
    title: "人気キャラクター柄のマグカップ・タンブラー制作",
    category: "goods",
    description:
      "人気アニメのキャラクターをプリントしたマグカップとタンブラーを制作し、直営店で販売したいと考えています。デザインはこちらで用意します。",
    quantity: "各2,000個",
    targetUnitPriceYen: 600,
    ndaRequired: false,
    createdDaysAgo: 12,
    deliveryInDays: 60,
    deadlineInDays: 2,
    endedDaysAgo: 11,
    rejectionReason:
      "第三者のキャラクター（著作物・商標）の利用許諾が確認できなかったため、公開を見送りました。権利者とのライセンス契約の内容がわかる資料をご用意のうえ、あらためてご投稿ください。",
  },
  {
    buyer: "mirai-healthcare",
    type: "BULK",
    status: "REJECTED",
    title: "「飲むだけで血圧が下がる」サプリメントの製造",
    category: "health-food",
    description:
      "飲むだけで血圧が下がり、薬が不要になるサプリメントとして販売したい商品です。高血圧に悩む方向けに、即効性のある配合をご提案ください。",
    quantity: "10,000袋",
    targetUnitPriceYen: 400,
    ndaRequired: false,
    createdDaysAgo: 8,
    deliveryInDays: 90,
    deadlineInDays: 6,
    endedDaysAgo: 7,
    rejectionReason:
      "案件名・内容に、医薬品的な効能効果（疾病の治療・予防）をうたう表現が含まれており、医薬品医療機器等法に抵触するおそれがあるため公開を見送りました。表現を修正のうえ、再度ご投稿ください。機能性表示食品としての開発をご希望の場合は、その旨をご記載ください。",
  },

  // ------------------------------------------------------------ NOMINATION: open
  {
    buyer: "botanical-life",
    type: "NOMINATION",
    status: "OPEN",
    nominated: "lumiere",
    title: "美容液（30mL）のOEM製造のご相談",
    category: "cosmetics",
    description:
      "貴社の事例ページでオーガニック化粧水の立ち上げ事例を拝見し、ご連絡いたしました。\n\n現在販売中の化粧水に続く2品目として、ナイアシンアミドとビタミンC誘導体を配合した美容液（30mL、スポイト瓶）を企画しています。\n・初回は500本程度から始めたい\n・処方のご提案とサンプル作成をお願いしたい\n・発売目標は半年後\n\n一度お打ち合わせの機会をいただけますと幸いです。",
    quantity: "初回500本（以降は1,000本単位）",
    targetUnitPriceYen: 900,
    ndaRequired: true,
    createdDaysAgo: 4,
    deliveryInDays: 170,
    entries: [
      {
        supplier: "lumiere",
        status: "ENTERED",
        message:
          "ルミエール化粧品研究所の西村です。ご指名いただきありがとうございます。ナイアシンアミドとビタミンC誘導体の併用処方は安定性に配慮が必要ですが、当社に実績のある処方がございます。500本からの製造も問題ございません。来週でオンラインのお打ち合わせはいかがでしょうか。",
        proposedUnitPriceYen: 850,
        leadTime: "サンプル2週間、量産45日",
        afterDays: 1,
      },
    ],
  },
  {
    buyer: "atelier-nord",
    type: "NOMINATION",
    status: "OPEN",
    nominated: "lumiere",
    title: "ブランドオリジナルのボディミスト・練り香水の小ロット製造",
    category: "cosmetics",
    description:
      "当ブランドの店舗で好評をいただいている香りを、ボディミストと練り香水として商品化したいと考えています。\n\n・ボディミスト 50mL／練り香水 10g\n・香りは店舗のディフューザーと同じ調香を希望（香料メーカーのご紹介も歓迎です）\n・まずは各300個で、ギフト需要の高い冬に発売したいです",
    quantity: "各300個",
    targetUnitPriceYen: 1_100,
    ndaRequired: false,
    createdDaysAgo: 2,
    deliveryInDays: 120,
  },
  {
    buyer: "botanical-life",
    by: "general",
    type: "NOMINATION",
    status: "OPEN",
    nominated: "bisui",
    title: "日焼け止めジェル（SPF50+・PA++++）のOEM",
    category: "cosmetics",
    description:
      "夏に向けて、白浮きしにくく石けんで落とせる日焼け止めジェルを開発したいです。貴社のUVケアの実績を拝見してご連絡しました。\n\n・容量60g、チューブ容器\n・紫外線吸収剤フリーが理想ですが、使用感を優先したいのでご提案ください\n・SPF・PA測定の手配もお願いしたいです",
    quantity: "初回3,000本",
    targetUnitPriceYen: 780,
    ndaRequired: false,
    createdDaysAgo: 6,
    deliveryInDays: 150,
    entries: [
      {
        supplier: "bisui",
        status: "ENTERED",
        message:
          "美翠コスメティックの望月です。紫外線散乱剤のみで白浮きを抑えたジェル処方の実績があり、石けんオフにも対応できます。SPF・PA測定は外部機関の手配を含めてお見積りいたします。サンプルを2種類お送りしますので、ご住所をお知らせください。",
        proposedUnitPriceYen: 740,
        leadTime: "サンプル2週間、量産30日（測定期間を除く）",
        afterDays: 1,
      },
    ],
  },
  {
    buyer: "good-days",
    type: "NOMINATION",
    status: "OPEN",
    nominated: "toyooka",
    title: "本革ミニ財布のOEM（300個）",
    category: "bags-accessories",
    description:
      "直営店で販売するオリジナルの本革ミニ財布を製作したいです。三つ折りタイプ、カード4枚・小銭入れ付き、カラーは3色を想定しています。ロゴは空押しでお願いしたいです。",
    quantity: "3色×各100個",
    targetUnitPriceYen: 4_500,
    ndaRequired: false,
    createdDaysAgo: 3,
    deliveryInDays: 90,
  },
  {
    buyer: "techno-frontier",
    type: "NOMINATION",
    status: "OPEN",
    nominated: "arc",
    title: "小型モーター制御基板の設計・製造のご相談",
    category: "electronics",
    description:
      "自動開閉式の換気口に使うモーター制御基板の設計と製造をご相談したいです。ブラシレスDCモーター1基の制御、Wi-Fi接続、電源は24V DCを想定しています。要求仕様書をお送りできますので、NDAの締結をお願いいたします。",
    quantity: "試作5台、量産 年間2,000台",
    budgetYen: 3_000_000,
    ndaRequired: true,
    createdDaysAgo: 1,
    deliveryInDays: 200,
  },

  // ------------------------------------------------------------ NOMINATION: closed
  {
    buyer: "mirai-healthcare",
    type: "NOMINATION",
    status: "CLOSED",
    nominated: "lumiere",
    title: "ノベルティ用ハンドクリームのOEM（1,000個）",
    category: "cosmetics",
    description:
      "定期購入のお客様へのプレゼント用に、30gのチューブ入りハンドクリームを製作したいです。香りは無香料かほのかな柑橘系、パッケージに当社ロゴを印刷したいです。",
    quantity: "1,000個",
    targetUnitPriceYen: 280,
    ndaRequired: false,
    createdDaysAgo: 40,
    deliveryInDays: 10,
    endedDaysAgo: 25,
    entries: [
      {
        supplier: "lumiere",
        by: "general",
        status: "SHORTLISTED",
        message:
          "ルミエール化粧品研究所の岡田です。30gチューブのハンドクリームは既存処方で対応でき、ロゴ印刷入りのチューブも1,000個から手配可能です。柑橘系の微香タイプのサンプルをお送りします。",
        proposedUnitPriceYen: 260,
        leadTime: "約40日",
        afterDays: 1,
      },
    ],
  },
  {
    buyer: "good-days",
    type: "NOMINATION",
    status: "CLOSED",
    nominated: "tsubame",
    title: "ステンレスタンブラーの名入れOEM",
    category: "goods",
    description:
      "法人向けの記念品カタログに掲載する、名入れ対応の真空断熱タンブラーを製作したいです。容量400mL、カラー2色、レーザー刻印での名入れを想定しています。",
    quantity: "2色×各500個",
    targetUnitPriceYen: 1_600,
    ndaRequired: false,
    createdDaysAgo: 55,
    deliveryInDays: -10,
    endedDaysAgo: 38,
    entries: [
      {
        supplier: "tsubame",
        status: "SHORTLISTED",
        message:
          "燕三条メタルワークスです。400mLの真空断熱タンブラーは既存型で対応可能で、名入れは1個単位で刻印できます。カタログ撮影用のサンプルも先行してお送りします。",
        proposedUnitPriceYen: 1_480,
        leadTime: "約30日",
        afterDays: 1,
      },
    ],
  },
  {
    buyer: "atelier-nord",
    type: "NOMINATION",
    status: "CLOSED",
    nominated: "imabari",
    title: "ブランドロゴ入りタオルの製作",
    category: "daily-necessities",
    description:
      "ショップの購入特典として、ブランドロゴを織りで表現したフェイスタオルを製作したいと考えています。生成りとグレーの2色でお願いしたいです。",
    quantity: "2色×各300枚",
    targetUnitPriceYen: 800,
    ndaRequired: false,
    createdDaysAgo: 45,
    deliveryInDays: 5,
    endedDaysAgo: 30,
  },

  // ------------------------------------------------------------ NOMINATION: cancelled
  {
    buyer: "botanical-life",
    type: "NOMINATION",
    status: "CANCELLED",
    nominated: "hokuriku-soap",
    title: "固形石けん（洗顔用）のOEM",
    category: "cosmetics",
    description:
      "コールドプロセス製法の洗顔石けんを、当社ブランドの新商品として検討しています。80g、個包装、200個程度から始めたいです。",
    quantity: "200個",
    targetUnitPriceYen: 600,
    ndaRequired: false,
    createdDaysAgo: 20,
    deliveryInDays: 60,
    endedDaysAgo: 14,
  },
  {
    buyer: "mirai-healthcare",
    type: "NOMINATION",
    status: "CANCELLED",
    nominated: "kyushu-kenko",
    title: "ゼリー状サプリメント（スティック）のOEM",
    category: "health-food",
    description:
      "コラーゲンとビタミンCを配合した、スティックタイプのゼリーを企画しています。1本15g、30本入りを想定しています。社内の事情により企画を見直すこととなりました。",
    quantity: "30本入り×3,000箱",
    targetUnitPriceYen: 1_200,
    ndaRequired: false,
    createdDaysAgo: 18,
    deliveryInDays: 80,
    endedDaysAgo: 9,
  },
];
