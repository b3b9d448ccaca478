// Featured suppliers of the public top page: a server component with plain links, so it adds
// nothing to hydrate; pictures lazy and sized so they shift nothing.
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { companyHref } from "@/lib/site-paths";
import type { SupplierCard } from "../supplier-directory.schema";
import { CompanyLogo } from "./company-logo";
import { SupplierImage } from "./supplier-image";

/** Paid suppliers and complete profiles (a picture and a catchphrase) first; at most `max`. */
export function pickFeatured(items: SupplierCard[], max: number): SupplierCard[] {
  const complete = (s: SupplierCard) => Boolean(s.imageUrl && s.catchphrase);
  return items.filter((s) => s.namePublished && (s.isPaid || complete(s))).slice(0, max);
}

export function FeaturedSuppliers({ suppliers }: { suppliers: SupplierCard[] }) {
  return (
    <ul className="grid gap-5 desktop:grid-cols-3">
      {suppliers.map((s) => (
        <li key={s.id}>
          <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 hover:shadow-md">
            <div className="aspect-[16/9] w-full overflow-hidden bg-slate-100">
              {s.imageUrl ? (
                <SupplierImage
                  src={s.imageUrl}
                  alt={`${s.name}の製品・工場の写真`}
                  width={640}
                  height={360}
                  sizes="(min-width: 1025px) 320px, 100vw"
                  maxWidth={1200}
                  className="size-full"
                />
              ) : (
                <div className="flex size-full items-center justify-center text-slate-400">
                  <SpriteIcon name="image" className="size-8" />
                </div>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-2 p-4">
              <div className="flex items-center gap-3">
                <CompanyLogo logoUrl={s.logoUrl} name={s.name} size={40} className="size-10" />
                <h3 className="min-w-0 leading-snug font-bold text-slate-900">
                  <a href={companyHref(s.id)} className="card-link">
                    {s.name}
                  </a>
                </h3>
              </div>
              {s.catchphrase && (
                <p className="line-clamp-2 text-sm leading-6 text-slate-700">{s.catchphrase}</p>
              )}
              <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                {s.prefectureName && (
                  <span className="inline-flex items-center gap-1">
                    <SpriteIcon name="map-pin" className="size-3.5" />
                    {s.prefectureName}
                  </span>
                )}
                <span className="inline-flex items-center gap-1">
                  <SpriteIcon name="file-text" className="size-3.5" />
                  事例 {s.caseCount}件
                </span>
              </p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
