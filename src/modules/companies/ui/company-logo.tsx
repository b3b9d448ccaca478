import { SpriteIcon } from "@/components/ui/sprite-icon";
import { cn } from "@/lib/cn";
import { SupplierImage } from "./supplier-image";

/**
 * The company's logo, or a neutral placeholder (no logo, or the name is not public).
 * `className` sets the displayed size (e.g. "size-11 desktop:size-24"); `size` is the
 * largest of them in pixels, for the image's intrinsic size.
 */
export function CompanyLogo({
  logoUrl,
  name,
  size,
  className,
}: {
  logoUrl: string | null;
  name: string;
  size: number;
  className: string;
}) {
  const box = "logo-box"; // globals.css
  if (logoUrl) {
    return (
      <span className={cn(box, "bg-white", className)}>
        <SupplierImage
          src={logoUrl}
          alt={`${name}のロゴ`}
          width={size}
          height={size}
          className="size-full bg-white object-contain"
        />
      </span>
    );
  }
  return (
    <span aria-hidden className={cn(box, "bg-slate-50 text-slate-400", className)}>
      <SpriteIcon name="building-2" className="size-1/2" />
    </span>
  );
}
