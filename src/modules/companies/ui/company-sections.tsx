// The sections of the public company page /oem/company/{id}. Server components; only the
// selection toggle inside the call to action is a client component.

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { singleInquiryHref } from "@/lib/site-paths";
import { yenInManOku } from "@/lib/yen";
import type { PublicSupplier } from "../supplier-directory.schema";
import { CertificationsCell, VerifiedThenDeclared } from "./company-claims";
import { CompanyLogo } from "./company-logo";
import { displayHost, formatEmployees, formatYear, safeHttpUrl } from "./format";
import { SelectCompanyButton } from "./select-company-button";
import { SupplierImage } from "./supplier-image";

type Supplier = PublicSupplier;

function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2
      id={id}
      className="scroll-mt-24 border-l-4 border-brand-600 pl-3 text-xl leading-snug font-bold text-slate-900 desktop:text-2xl"
    >
      {children}
    </h2>
  );
}

/** 「この企業に問い合わせる」 and the selection toggle, side by side or stacked. */
export function InquiryActions({ supplier, layout }: { supplier: Supplier; layout: "stack" | "row" }) {
  return (
    <div
      className={
        layout === "stack"
          ? "flex flex-col items-stretch gap-3"
          : "flex flex-col items-center gap-3 desktop:flex-row desktop:justify-center"
      }
    >
      <Button asChild size="cta" className={layout === "stack" ? "w-full desktop:w-full" : undefined}>
        <Link href={singleInquiryHref(supplier.id)}>
          <SpriteIcon name="send" className="size-5" />
          この企業に問い合わせる
        </Link>
      </Button>
      <SelectCompanyButton
        company={{ id: supplier.id, name: supplier.name }}
        size="lg"
        className={layout === "stack" ? "w-full" : "w-[250px] desktop:w-[300px]"}
      />
    </div>
  );
}

export function CompanyHeader({ supplier }: { supplier: Supplier }) {
  return (
    <header className="grid grid-cols-1 gap-6 desktop:grid-cols-[minmax(0,1fr)_300px] desktop:items-start desktop:gap-10">
      <div className="min-w-0">
        <div className="flex items-start gap-4">
          <CompanyLogo
            logoUrl={supplier.logoUrl}
            name={supplier.name}
            size={96}
            className="size-[72px] desktop:size-24"
          />
          <div className="min-w-0">
            {supplier.nameKana && <p className="text-xs text-slate-500">{supplier.nameKana}</p>}
            <h1 className="text-2xl leading-snug font-bold [word-break:auto-phrase] text-slate-900 desktop:text-3xl">
              {supplier.name}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              {supplier.prefectureName && (
                <span className="inline-flex items-center gap-1">
                  <SpriteIcon name="map-pin" className="size-4" />
                  <span className="sr-only">所在地：</span>
                  {supplier.prefectureName}
                </span>
              )}
              <span className="inline-flex items-center gap-1">
                <SpriteIcon name="file-text" className="size-4" />
                事例 {supplier.caseCount}件
              </span>
            </p>
          </div>
        </div>
        {supplier.catchphrase && (
          <p className="mt-5 text-lg leading-8 font-bold [word-break:auto-phrase] text-slate-800 desktop:text-xl">
            {supplier.catchphrase}
          </p>
        )}
        {supplier.categories.length > 0 && (
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <span className="text-xs font-bold text-slate-500">対応カテゴリ</span>
            <ul aria-label="対応カテゴリ" className="flex flex-wrap gap-1.5">
              {supplier.categories.map((c) => (
                <li key={c.id}>
                  <Link
                    href={`/oem/search?categoryIds=${c.id}`}
                    className="rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <Badge tone="brand" className="hover:bg-brand-600 hover:text-white">
                      {c.name}
                    </Badge>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        <VerifiedThenDeclared supplier={supplier} />
        {!supplier.namePublished && (
          <p className="mt-5 flex gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm leading-6 text-slate-700">
            <SpriteIcon name="info" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            この企業は企業名を公開していません。お問い合わせいただくと、企業から直接ご連絡します。
          </p>
        )}
      </div>
      <div className="rounded-lg border border-brand-600/20 bg-brand-50 p-5">
        <p className="mb-3 text-center text-sm font-bold text-slate-700">お問い合わせは無料です</p>
        <InquiryActions supplier={supplier} layout="stack" />
      </div>
    </header>
  );
}

export function CompanyGallery({ supplier }: { supplier: Supplier }) {
  const [first, ...rest] = supplier.gallery;
  if (!first) return null;
  const alt = (caption: string | null, i: number) => caption ?? `${supplier.name}の写真（${i + 1}枚目）`;
  return (
    <section aria-labelledby="company-gallery" className="mt-10">
      <h2 id="company-gallery" className="sr-only">
        写真
      </h2>
      <div className={rest.length ? "grid grid-cols-1 gap-3 desktop:grid-cols-3" : "grid grid-cols-1"}>
        <figure className={rest.length ? "desktop:col-span-2 desktop:row-span-2" : undefined}>
          <SupplierImage
            src={first.url}
            alt={alt(first.caption, 0)}
            width={1200}
            height={675}
            priority
            sizes="(min-width: 1025px) 660px, 100vw"
            className="aspect-[16/9] w-full rounded-lg"
          />
          {first.caption && (
            <figcaption className="mt-1.5 text-xs text-slate-600">{first.caption}</figcaption>
          )}
        </figure>
        {rest.length > 0 && (
          <div className="grid grid-cols-2 gap-3 desktop:col-span-1 desktop:row-span-2 desktop:grid-cols-1">
            {rest.map((g, i) => (
              <figure key={g.id}>
                <SupplierImage
                  src={g.url}
                  alt={alt(g.caption, i + 1)}
                  width={640}
                  height={360}
                  sizes="(min-width: 1025px) 320px, 50vw"
                  className="aspect-[16/9] w-full rounded-lg"
                />
                {g.caption && <figcaption className="mt-1.5 text-xs text-slate-600">{g.caption}</figcaption>}
              </figure>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** In-page links to the sections below the header. */
export function SectionNav({ has }: { has: { capabilities: boolean; cases: boolean } }) {
  const sections: Array<[string, string, boolean]> = [
    ["#company-profile", "会社概要", true],
    ["#company-oem", "OEM情報", true],
    ["#company-capabilities", "対応能力", has.capabilities],
    ["#company-record", "取引実績", true],
    ["#company-cases", "事例", has.cases],
  ];
  const links = sections.filter(([, , shown]) => shown);
  return (
    <nav aria-label="ページ内リンク" className="mt-10 border-y border-slate-200">
      <ul className="flex gap-1 overflow-x-auto">
        {links.map(([href, label]) => (
          <li key={href}>
            <a
              href={href}
              className="inline-flex h-12 items-center px-4 text-sm font-bold whitespace-nowrap text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface Row {
  label: string;
  value: ReactNode;
}

function InfoTable({ rows, caption }: { rows: Row[]; caption: string }) {
  if (!rows.length) return <p className="mt-4 text-sm text-slate-600">情報は準備中です。</p>;
  return (
    <table className="mt-5 w-full border-collapse border-t border-slate-200 text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-b border-slate-200">
            <th
              scope="row"
              className="w-28 bg-slate-50 px-3 py-3 text-left align-top leading-7 font-bold text-slate-700 desktop:w-48 desktop:px-5 desktop:py-4"
            >
              {r.label}
            </th>
            <td className="px-3 py-3 align-top leading-7 break-words whitespace-pre-line text-slate-800 desktop:px-5 desktop:py-4">
              {r.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const present = <T,>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== "";

export function CompanyProfile({ supplier }: { supplier: Supplier }) {
  const website = safeHttpUrl(supplier.website);
  const rows: Row[] = [];
  // Hidden-name companies answer null for what would identify them: those rows are left out.
  if (supplier.namePublished) rows.push({ label: "企業名", value: supplier.name });
  if (present(supplier.representativeName))
    rows.push({ label: "代表者", value: supplier.representativeName });
  if (present(supplier.establishedYear))
    rows.push({ label: "設立", value: formatYear(supplier.establishedYear) });
  if (present(supplier.capitalYen)) rows.push({ label: "資本金", value: yenInManOku(supplier.capitalYen) });
  if (present(supplier.employeeCount))
    rows.push({ label: "従業員数", value: formatEmployees(supplier.employeeCount) });
  if (present(supplier.address)) rows.push({ label: "所在地", value: supplier.address });
  else if (present(supplier.prefectureName)) rows.push({ label: "所在地", value: supplier.prefectureName });
  if (website) {
    rows.push({
      label: "Webサイト",
      value: (
        <a
          href={website}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 font-bold break-all text-brand-700 underline underline-offset-2 hover:text-brand-600"
        >
          {displayHost(website)}
          <SpriteIcon name="external-link" className="size-3.5 shrink-0" />
          <span className="sr-only">（新しいタブで開きます）</span>
        </a>
      ),
    });
  }
  return (
    <section aria-labelledby="company-profile" className="mt-10">
      <SectionHeading id="company-profile">会社概要</SectionHeading>
      {supplier.description && (
        <p className="mt-5 leading-8 whitespace-pre-line text-slate-800">{supplier.description}</p>
      )}
      <InfoTable rows={rows} caption="会社概要" />
    </section>
  );
}

export function OemInformation({ supplier }: { supplier: Supplier }) {
  const rows: Row[] = [];
  const add = (label: string, value: string | null) => {
    if (present(value)) rows.push({ label, value });
  };
  add("強み", supplier.strengths);
  add("最小ロット", supplier.minimumLot);
  add("納期", supplier.leadTime);
  add("生産能力", supplier.capacity);
  // The verified badges first, then the supplier's own words, labelled as such (issue 33).
  if (supplier.verifiedCertifications.length || present(supplier.certifications))
    rows.push({ label: "認証・許認可", value: <CertificationsCell supplier={supplier} /> });
  add("対応サービス", supplier.services);
  add("価格帯", supplier.priceRange);
  if (supplier.factories.length) {
    rows.push({
      label: "工場",
      value: (
        <ul className="space-y-1 whitespace-normal">
          {supplier.factories.map((f) => (
            <li key={`${f.name}-${f.prefectureName}`}>
              {f.name}
              <span className="text-slate-500">（{f.prefectureName}）</span>
            </li>
          ))}
        </ul>
      ),
    });
  }
  return (
    <section aria-labelledby="company-oem" className="mt-12">
      <SectionHeading id="company-oem">OEM情報</SectionHeading>
      <InfoTable rows={rows} caption="OEM情報" />
    </section>
  );
}

export function CaseStudies({ supplier }: { supplier: Supplier }) {
  if (!supplier.caseStudies.length) return null;
  return (
    <section aria-labelledby="company-cases" className="mt-12">
      <SectionHeading id="company-cases">事例（{supplier.caseStudies.length}件）</SectionHeading>
      <ul className="mt-5 flex flex-col gap-5">
        {supplier.caseStudies.map((cs) => {
          const meta: Array<[string, string]> = [];
          if (cs.clientIndustry) meta.push(["依頼元", cs.clientIndustry]);
          if (cs.lotSize) meta.push(["ロット", cs.lotSize]);
          if (cs.period) meta.push(["期間", cs.period]);
          return (
            <li key={cs.id}>
              <article
                aria-labelledby={`case-${cs.id}`}
                className="grid grid-cols-1 gap-5 rounded-lg border border-slate-200 bg-white p-4 desktop:grid-cols-[280px_minmax(0,1fr)] desktop:p-6"
              >
                <div className="flex flex-col gap-2">
                  {cs.images.length > 0 ? (
                    cs.images.slice(0, 3).map((img, i) => (
                      <figure key={img.id} className={i > 0 ? "hidden desktop:block" : undefined}>
                        <SupplierImage
                          src={img.url}
                          alt={img.caption ?? `事例「${cs.title}」の写真（${i + 1}枚目）`}
                          width={560}
                          height={315}
                          sizes="(min-width: 1025px) 280px, 100vw"
                          className="aspect-[16/9] w-full rounded-md"
                        />
                        {img.caption && (
                          <figcaption className="mt-1 text-xs text-slate-600">{img.caption}</figcaption>
                        )}
                      </figure>
                    ))
                  ) : (
                    <div className="flex aspect-[16/9] w-full items-center justify-center rounded-md bg-slate-100 text-slate-400">
                      <SpriteIcon name="image" className="size-8" />
                    </div>
                  )}
                </div>
                <div className="min-w-0">
                  {cs.categoryName && <Badge tone="brand">{cs.categoryName}</Badge>}
                  <h3 id={`case-${cs.id}`} className="mt-2 text-lg leading-snug font-bold text-slate-900">
                    {cs.title}
                  </h3>
                  {meta.length > 0 && (
                    <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                      {meta.map(([k, v]) => (
                        <div key={k} className="contents">
                          <dt className="font-bold text-slate-500">{k}</dt>
                          <dd className="text-slate-800">{v}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  <p className="mt-3 text-sm leading-7 whitespace-pre-line text-slate-700">{cs.body}</p>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function BottomCallToAction({ supplier }: { supplier: Supplier }) {
  return (
    <section
      aria-labelledby="company-contact"
      className="mt-14 rounded-xl bg-gradient-to-br from-brand-50 to-white px-5 py-10 text-center ring-1 ring-brand-600/15 desktop:px-10"
    >
      <h2 id="company-contact" className="text-xl font-bold text-slate-900 desktop:text-2xl">
        {supplier.namePublished ? `${supplier.name}に相談してみませんか` : "この企業に相談してみませんか"}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-sm leading-7 text-slate-600">
        ご依頼内容を入力するだけで、この企業に直接問い合わせできます。複数の企業を比べたいときは、一括問い合わせに追加してまとめて依頼できます。
      </p>
      <div className="mt-6">
        <InquiryActions supplier={supplier} layout="row" />
      </div>
    </section>
  );
}
