import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { VerifiedBadges } from "@/components/ui/verified-badge";
import { companyHref } from "@/lib/site-paths";
import type { SupplierCard as SupplierCardData } from "../supplier-directory.schema";
import { CompanyLogo } from "./company-logo";
import { SelectCompanyButton } from "./select-company-button";
import { SupplierImage } from "./supplier-image";

const MAX_FEATURES = 4;
const MAX_CERTIFICATIONS = 3;
const quantityText = (n: number, unit: string) => `${n.toLocaleString("ja-JP")}${unit}`;

/**
 * One search result. The whole card links to the company page (the name's link is
 * stretched over it); the selection toggle sits above that link. The plan of the
 * company is deliberately not shown.
 */
export function SupplierResultCard({
  supplier,
  priority,
}: {
  supplier: SupplierCardData;
  priority?: boolean;
}) {
  const href = companyHref(supplier.id);
  const headingId = `supplier-${supplier.id}`;
  const extraFeatures = supplier.features.length - MAX_FEATURES;
  const certifications = supplier.verifiedCertifications.map((c) => c.name);
  const extraCertifications = certifications.length - MAX_CERTIFICATIONS;
  const unit = supplier.quantityUnit;
  // .result-card (globals.css) has content-visibility: cards below the fold are laid out and
  // painted only when scrolled near (measured: first style, layout and paint of a 20-card page
  // about a third shorter). On the article, not its list item, so that its own shadow and focus
  // ring are not clipped.
  return (
    <article aria-labelledby={headingId} className="result-card group">
      <div className="relative aspect-[16/9] w-full overflow-hidden bg-slate-100">
        {supplier.imageUrl ? (
          <SupplierImage
            src={supplier.imageUrl}
            alt={`${supplier.name}の製品・工場の写真`}
            width={640}
            height={360}
            priority={priority}
            sizes="(min-width: 1025px) 320px, (min-width: 640px) 50vw, 100vw"
            maxWidth={1200}
            className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-400">
            <SpriteIcon name="image" className="size-8" />
            <span className="text-xs text-slate-600">写真は準備中です</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-3">
          <CompanyLogo logoUrl={supplier.logoUrl} name={supplier.name} size={44} className="size-11" />
          <h3 id={headingId} className="min-w-0 text-base leading-snug font-bold text-slate-900">
            {/* Not prefetched: a page of results holds 20 company pages, each rendered per request. */}
            <Link href={href} prefetch={false} className="card-link">
              <span className={supplier.namePublished ? undefined : "text-slate-600"}>{supplier.name}</span>
            </Link>
          </h3>
        </div>
        {supplier.catchphrase && (
          <p className="line-clamp-2 text-sm leading-6 text-slate-700">{supplier.catchphrase}</p>
        )}
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {supplier.prefectureName && (
            <div className="flex items-center gap-1">
              <dt>
                <SpriteIcon name="map-pin" className="size-3.5" />
                <span className="sr-only">所在地</span>
              </dt>
              <dd>{supplier.prefectureName}</dd>
            </div>
          )}
          <div className="flex items-center gap-1">
            <dt>
              <SpriteIcon name="file-text" className="size-3.5" />
              <span className="sr-only">事例</span>
            </dt>
            <dd>事例 {supplier.caseCount}件</dd>
          </div>
          {unit && supplier.moqMin !== null && (
            <div className="flex items-center gap-1">
              <dt>
                <SpriteIcon name="package" className="size-3.5" />
                <span className="sr-only">最小ロット</span>
              </dt>
              <dd>MOQ {quantityText(supplier.moqMin, unit)}</dd>
            </div>
          )}
          {unit && supplier.monthlyCapacity !== null && (
            <div className="flex items-center gap-1">
              <dt>
                <SpriteIcon name="factory" className="size-3.5" />
                <span className="sr-only">月産能力</span>
              </dt>
              <dd>月産 {quantityText(supplier.monthlyCapacity, unit)}</dd>
            </div>
          )}
        </dl>
        {certifications.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5">
            <span aria-hidden className="text-xs font-bold text-emerald-800">
              認証確認済み
            </span>
            <VerifiedBadges names={certifications.slice(0, MAX_CERTIFICATIONS)} compact />
            {extraCertifications > 0 && (
              <span className="text-xs text-emerald-800">ほか{extraCertifications}件</span>
            )}
          </div>
        )}
        {supplier.categories.length > 0 && (
          <ul aria-label="対応カテゴリ" className="flex flex-wrap gap-1.5">
            {supplier.categories.map((c) => (
              <li key={c.id}>
                <Badge tone="brand">{c.name}</Badge>
              </li>
            ))}
          </ul>
        )}
        {supplier.features.length > 0 && (
          <ul aria-label="特徴（自己申告）" className="flex flex-wrap gap-1.5">
            {supplier.features.slice(0, MAX_FEATURES).map((f) => (
              <li key={f.id}>
                <Badge className="font-normal">{f.name}</Badge>
              </li>
            ))}
            {extraFeatures > 0 && (
              <li>
                <Badge className="font-normal">ほか{extraFeatures}件</Badge>
              </li>
            )}
          </ul>
        )}
        <div className="mt-auto pt-1">
          <SelectCompanyButton company={{ id: supplier.id, name: supplier.name }} className="w-full" />
        </div>
      </div>
    </article>
  );
}
