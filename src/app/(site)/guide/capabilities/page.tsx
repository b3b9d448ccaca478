import type { Metadata } from "next";
import Link from "@/components/ui/link";
import {
  GuideArticle,
  GuideList,
  GuideNote,
  GuideSection,
  GuideTerms,
  guideLink,
  guideMetadata,
} from "../guide-parts";

// The rules of docs/capabilities.md (badges, expiry, the fit and its points) in plain Japanese.
// Canonical URL from the runtime configuration.
export const dynamic = "force-dynamic";

const TITLE = "対応能力・認証と適合度";
const DESCRIPTION =
  "OEMメーカーが登録するMOQ・月産能力・加工・素材と、運営事務局が証明書を確認した「認証確認済み」の認証・許可、問い合わせとの「適合度」の計算のしかたをご案内します。";

export function generateMetadata(): Metadata {
  return guideMetadata("/guide/capabilities", TITLE, DESCRIPTION);
}

export default function CapabilitiesGuidePage() {
  return (
    <GuideArticle
      title={TITLE}
      lead={
        <>
          <p>
            OEMマッチでは、OEMメーカーが登録した対応能力と、運営事務局が確認した認証・許可をもとに、発注者さまの条件に合うOEMメーカーを探せます。
          </p>
          <p>OEMメーカーにも、自社の条件に合う公開案件がわかるよう「適合度」を表示しています。</p>
        </>
      }
    >
      <GuideSection id="capabilities" title="対応能力（OEMメーカーが登録）">
        <GuideTerms
          items={[
            [
              "MOQ（最小発注数量）",
              "1回の発注で受けられる最小の数量です。製品によって幅がある場合は「下限〜上限」で登録します。",
            ],
            ["月産能力", "1か月に生産できる数量です。"],
            ["小ロット対応", "MOQ未満でも相談に応じられる場合の最小数量です。"],
            ["サンプル製作", "サンプルを作れるかどうかと、お渡しまでの目安日数です。"],
            ["加工・素材", "対応できる加工と扱える素材を、一覧から選んで登録します。"],
          ]}
        />
        <p>
          数量はすべて1つの単位（個・本・枚・着・袋・箱・セット・kg・L）で登録します。単位が異なる数量どうしは換算せず、比べられないものとして扱います。
        </p>
      </GuideSection>

      <GuideSection id="verified" title="「認証確認済み」とは">
        <GuideList
          items={[
            "OEMメーカーがISO認証の登録証や製造業許可証などの写しを登録し、運営事務局が書類の内容を確認したものです。",
            "表示されるのは、確認が済んでいて、有効期限内のものだけです。確認待ちや差し戻しになった書類は公開されません。",
            "有効期限の30日前に、OEMメーカーへ更新のお知らせをメールでお送りします。期限が過ぎると、表示は自動で外れます。",
            "更新した証明書は新しく登録できます。古い証明書は期限が切れるまで表示が続くので、確認のあいだに表示が消えることはありません。",
          ]}
        />
        <GuideNote>
          <p>
            運営事務局の確認は、登録された書類の記載内容を確かめるものです。認証機関や行政への照会ではありません。取引の前には、必要に応じて最新の証明書の写しを直接ご確認ください。
          </p>
        </GuideNote>
      </GuideSection>

      <GuideSection id="fit" title="適合度の計算">
        <p>
          問い合わせの条件とOEMメーカーの対応能力を比べて、100点満点で計算します。点数だけでなく、理由（✓
          合う・✗ 合わない・? 未登録）もあわせて表示します。
        </p>
        <GuideTerms
          items={[
            [
              "必要な認証・許可（35点）",
              "問い合わせが求める認証・許可が「認証確認済み」であること。1つでも欠けると「条件に合わない」扱いになります。",
            ],
            [
              "ロット数量（15点）",
              "ご希望のロット数量がMOQ以上であること（小ロット対応ならその最小数量以上）。下回ると「条件に合わない」扱いになります。",
            ],
            [
              "月間数量（10点）",
              "ご希望の月間数量が月産能力以下であること。上回ると「条件に合わない」扱いになります。",
            ],
            ["加工（15点）・素材（5点）", "ご希望の加工・素材のうち、対応できるものの割合です。"],
            ["カテゴリ（10点）", "問い合わせのカテゴリを、OEMメーカーが登録していること。"],
            ["製造地域（5点）", "希望する都道府県に本社または工場があること。"],
            ["サンプル（5点）", "サンプルを希望する場合に、サンプル製作に対応していること。"],
          ]}
        />
        <GuideList
          items={[
            "問い合わせで指定していない項目は満点として数えます。",
            "OEMメーカーが登録していない項目や、単位が異なる数量は「?」と表示し、半分の点数として数えます。合わないとは扱いません。",
            "「条件に合う」と判断するのは、認証・許可、ロット数量、月間数量の3つだけです。ほかの項目は点数が下がるだけで、候補から外れることはありません。",
          ]}
        />
      </GuideSection>

      <GuideSection id="where" title="どこに表示されるか">
        <GuideList
          items={[
            "発注者さま：OEMメーカー検索の絞り込み（認証・許可、MOQ、月産能力、加工）、一括問い合わせの「条件に合うメーカー」（最大20社）、見積の比較表。",
            "OEMメーカー：公開案件一覧の「適合度順」「条件に合う案件のみ」、新着案件のお知らせメール（条件に合う案件だけを載せ、合わない件数をお知らせします）。",
          ]}
        />
        <p>
          表示に疑問がある場合は、
          <Link href="/support" className={guideLink}>
            運営へのお問い合わせ
          </Link>
          からご連絡ください。
        </p>
      </GuideSection>
    </GuideArticle>
  );
}
