import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { HydrateApart, HydrateEachApart } from "@/components/layout/hydrate-apart";
import Link from "@/components/ui/link";
import { env } from "@/env";
import { jsonLd, SITE_NAME, shareMetadata } from "@/lib/seo";
import { companyHref } from "@/lib/site-paths";
import { HIDDEN_NAME, type PublicSupplier } from "@/modules/companies/supplier-directory.schema";
import { getPublicSupplier, pageVisitorOf } from "@/modules/companies/supplier-directory.service";
import { CapabilitiesSection, hasCapabilitySection } from "@/modules/companies/ui/company-capabilities";
import {
  BottomCallToAction,
  CaseStudies,
  CompanyGallery,
  CompanyHeader,
  CompanyProfile,
  OemInformation,
  SectionNav,
} from "@/modules/companies/ui/company-sections";
import { excerpt, safeHttpUrl } from "@/modules/companies/ui/format";
import { PageViewBeacon } from "@/modules/companies/ui/page-view-beacon";
import { RecordRecentSupplier } from "@/modules/companies/ui/recent-suppliers";
import { SelectionBar } from "@/modules/companies/ui/selection-bar";
import { supplierFigures } from "@/modules/deals/supplier-record.service";
import { SupplierRecordSection } from "@/modules/deals/ui/supplier-record";
import { getPageSession } from "@/server/auth/page-session";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

// One read per request, shared by generateMetadata and the page; a visitor (ip + browser) counts
// one view per company and day (Japan time). Router prefetches and the company's members are not visits.
// The page's view beacon (PageViewBeacon) reports the same visitor: counted once (decision 0045).
const loadSupplier = cache(async (id: string): Promise<PublicSupplier | null> => {
  const h = await headers();
  const prefetch = h.get("next-router-prefetch") === "1";
  const visitor = prefetch
    ? undefined
    : pageVisitorOf((name) => h.get(name), (await getPageSession())?.user.id ?? null);
  try {
    return await getPublicSupplier(db(), id, { visitor });
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
});

const absolute = (path: string) => `${env().APP_URL}${path}`;

function descriptionOf(s: PublicSupplier): string {
  const text = [s.catchphrase, s.description].filter(Boolean).join("　");
  if (text) return excerpt(text, 120);
  const where = s.prefectureName ? `${s.prefectureName}の` : "";
  return excerpt(`${where}OEMメーカー「${s.name}」の会社概要・OEM情報・事例を掲載しています。`, 120);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const supplier = await loadSupplier((await params).id);
  if (!supplier) notFound();
  const title = `${supplier.name}｜OEMメーカー詳細`;
  const description = descriptionOf(supplier);
  const url = absolute(companyHref(supplier.id));
  // The first photo (or the logo) is the share picture; without either, the site card.
  const photo = supplier.gallery[0];
  const image = photo
    ? { url: absolute(photo.url), alt: photo.caption ?? `${supplier.name}の写真` }
    : supplier.logoUrl
      ? { url: absolute(supplier.logoUrl), alt: `${supplier.name}のロゴ` }
      : undefined;
  return {
    title,
    description,
    alternates: { canonical: url },
    ...shareMetadata({ title: `${title} | ${SITE_NAME}`, description, url, image }),
  };
}

/** schema.org Organization; a hidden-name company gets no url and no logo. */
function organizationJsonLd(s: PublicSupplier): string {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: s.namePublished ? s.name : HIDDEN_NAME,
    description: descriptionOf(s),
  };
  if (s.namePublished) {
    data.url = safeHttpUrl(s.website) ?? absolute(companyHref(s.id));
    if (s.logoUrl) data.logo = absolute(s.logoUrl);
  }
  if (s.prefectureName) {
    data.address = { "@type": "PostalAddress", addressRegion: s.prefectureName, addressCountry: "JP" };
  }
  return jsonLd(data);
}

export default async function CompanyPage({ params }: Props) {
  const supplier = await loadSupplier((await params).id);
  if (!supplier) notFound();
  // The track record computed by the platform (counts and visible ratings): one query.
  const figures = await supplierFigures(db(), supplier.id);
  return (
    <>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped above
        dangerouslySetInnerHTML={{ __html: organizationJsonLd(supplier) }}
      />
      {/* The browser reports the view too: a copy a CDN answered is counted (decision 0045). */}
      <PageViewBeacon companyId={supplier.id} />
      <article className="mx-auto w-full max-w-[1080px] px-4 pt-6 pb-16 desktop:px-10 desktop:pt-8">
        <nav aria-label="パンくずリスト" className="mb-5 text-xs text-slate-500">
          <ol className="flex flex-wrap items-center gap-1.5">
            <li>
              <Link href="/" className="hover:text-brand-700 hover:underline">
                トップ
              </Link>
            </li>
            <li aria-hidden>›</li>
            <li>
              <Link href="/oem/search" className="hover:text-brand-700 hover:underline">
                OEMメーカーを探す
              </Link>
            </li>
            <li aria-hidden>›</li>
            <li aria-current="page" className="max-w-full truncate text-slate-700">
              {supplier.name}
            </li>
          </ol>
        </nav>
        {/* Each section hydrates apart, in its own short task, after the page's first commit:
            one hydration of the whole page was a 390 ms task under Lighthouse's 4× slowdown. */}
        <HydrateEachApart>
          <CompanyHeader supplier={supplier} />
          <CompanyGallery supplier={supplier} />
          <SectionNav
            has={{ capabilities: hasCapabilitySection(supplier), cases: supplier.caseStudies.length > 0 }}
          />
          <CompanyProfile supplier={supplier} />
          <OemInformation supplier={supplier} />
          <CapabilitiesSection supplier={supplier} />
          <SupplierRecordSection figures={figures} />
          <CaseStudies supplier={supplier} />
          <BottomCallToAction supplier={supplier} />
        </HydrateEachApart>
      </article>
      <HydrateApart>
        <SelectionBar />
        <RecordRecentSupplier id={supplier.id} name={supplier.name} />
      </HydrateApart>
    </>
  );
}
