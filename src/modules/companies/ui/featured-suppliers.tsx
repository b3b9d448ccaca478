// Featured suppliers of the public top page: a server component with plain links, so it adds
// nothing to hydrate; pictures lazy and sized so they shift nothing.
import { FileText, ImageIcon, MapPin } from "lucide-react";
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
                  <ImageIcon aria-hidden className="size-8" />
                </div>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-2 p-4">
              <div className="flex items-center gap-3">
                <CompanyLogo logoUrl={s.logoUrl} name={s.name} size={40} className="size-10" />
                <h3 className="min-w-0 leading-snug font-bold text-slate-900">
                  <a
                    href={companyHref(s.id)}
                    className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none"
                  >
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
                    <MapPin aria-hidden className="size-3.5" />
                    {s.prefectureName}
                  </span>
                )}
                <span className="inline-flex items-center gap-1">
                  <FileText aria-hidden className="size-3.5" />
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
