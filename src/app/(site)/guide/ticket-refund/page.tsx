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

// The rule of docs/trust.md "Refund" in plain Japanese, for suppliers (and buyers who wonder).
// Canonical URL from the runtime configuration.
export const dynamic = "force-dynamic";

const TITLE = "チケットの自動返却";
const DESCRIPTION =
  "指名の問い合わせにチケットを使って最初のメッセージを送ったあと、発注者さまが5営業日のうちに商談スレッドを開かず返信もしなかった場合、チケットは自動で返却されます。返却の条件と数え方をご案内します。";

export function generateMetadata(): Metadata {
  return guideMetadata("/guide/ticket-refund", TITLE, DESCRIPTION);
}

export default function TicketRefundGuidePage() {
  return (
    <GuideArticle
      title={TITLE}
      lead={
        <>
          <p>
            指名の問い合わせにチケットを使って返信したのに、発注者さまから何の反応もない――そのようなときは、使ったチケットが自動で返却されます。
          </p>
          <p>お手続きは不要です。返却の条件と日数の数え方、返却されたあとのことをご案内します。</p>
        </>
      }
    >
      <GuideSection id="when" title="チケットが返却される条件">
        <p>次の2つがそろったとき、その問い合わせに使ったチケット1枚が返却されます。</p>
        <GuideList
          items={[
            "チケットを使ったあと、商談スレッドで貴社が最初のメッセージを送ったこと",
            "そのメッセージを送ってから5営業日のあいだに、発注者さまがスレッドを開かず、返信も、発注・お見送りの決定もしなかったこと",
          ]}
        />
        <p>
          期限になった時点で自動的に返却されます。返却は1回の利用につき1回だけで、二重に返却されることはありません。
        </p>
      </GuideSection>

      <GuideSection id="count" title="5営業日の数え方">
        <GuideTerms
          items={[
            [
              "数え始め",
              "チケットを使った時点ではなく、貴社が商談スレッドで最初のメッセージを送った日時から数えます。メッセージを送るまでは数え始めません。",
            ],
            [
              "数える日",
              "月曜日から金曜日までの平日です。土曜日・日曜日、国民の祝日（振替休日・国民の休日を含む）と、多くの企業がお休みになる年末年始（12月29日〜1月3日）は数えません。日付は日本時間で判断します。",
            ],
            ["返却の時刻", "5営業日目の、最初のメッセージを送ったのと同じ時刻に返却します。"],
          ]}
        />
        <GuideNote>
          <p className="font-bold text-slate-900">例</p>
          <p>
            金曜日の10時にメッセージを送り、祝日がない週であれば、翌週の金曜日の10時に返却されます。翌週の月曜日が祝日の場合は、その日を数えないため、翌々週の月曜日の10時になります。
          </p>
          <p className="mt-2">
            12月28日（月）の10時にメッセージを送った場合は、12月29日から1月3日までを数えないため、1月8日の10時になります。
          </p>
          <p className="mt-2">祝日の一覧は、法律の改正にあわせて更新しています。</p>
        </GuideNote>
      </GuideSection>

      <GuideSection id="opened" title="「発注者さまが開いた」とは">
        <p>
          発注者さまがログインして、その商談スレッドの画面を表示したときです（貴社のメッセージが既読になります）。お知らせのメールが届いただけでは、開いたことにはなりません。
        </p>
        <p>
          期限までに一度でも開くか、メッセージを送るか、発注・お見送りを決めた場合は、その時点で返却の対象外になります。その後にやり取りが止まっても、あらためて返却されることはありません。
        </p>
      </GuideSection>

      <GuideSection id="after" title="返却されたあと">
        <GuideList
          items={[
            "チケットは残り枚数に戻り、ほかの問い合わせに使えます。",
            "商談スレッドと発注者さまの連絡先は、返却後もそのままご覧いただけます。発注者さまから返信があれば、やり取りを続けられます。",
            "同じ問い合わせで、あらためてチケットが消費されることはありません。",
            "返却したことを、貴社のメンバーの皆さまにメールで1通お知らせします。",
          ]}
        />
      </GuideSection>

      <GuideSection id="not-covered" title="返却の対象にならない場合">
        <GuideList
          items={[
            "無制限プランをご利用中の場合（チケットを使わずに返信できるため）",
            "一括問い合わせへのエントリー（チケットを使わないため）",
            "チケットを使ったあと、最初のメッセージを送っていない場合",
            "5営業日のあいだに、発注者さまがスレッドを開いた・返信した・決定した場合",
          ]}
        />
      </GuideSection>

      <GuideSection id="operator" title="運営事務局による返却">
        <p>
          自動返却の条件にあてはまらない場合でも、連絡先に誤りがあって連絡がとれない、依頼の内容が明らかに不適切であるなど、運営事務局が内容を確認したうえで、チケットを個別に返却することがあります。
        </p>
        <p>
          お心当たりのある場合は、
          <Link href="/support" className={guideLink}>
            運営へのお問い合わせ
          </Link>
          から、問い合わせの件名とあわせてご連絡ください。
        </p>
      </GuideSection>
    </GuideArticle>
  );
}
