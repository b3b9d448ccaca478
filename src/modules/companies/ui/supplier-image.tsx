// Images of the public supplier pages, served by GET /api/image/{id}.
//
// A plain <img> for now: Next's image optimizer (/_next/image) fetches a local `src`
// through Next's own request handler, and /api/image/* lives in the Hono API that
// server.ts routes before Next, so the optimizer answers 404 ("internal response is
// invalid") for these URLs; images.localPatterns does not change that. Swapping in
// next/image here (with `sizes`) is enough once the optimizer can read them.
// width/height keep the layout stable; off-screen images load lazily.
import { cn } from "@/lib/cn";

export function SupplierImage({
  src,
  alt,
  width,
  height,
  priority,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The page's main picture: loaded at once and with high priority. */
  priority?: boolean;
  /** For a future next/image: the rendered width at each breakpoint. */
  sizes?: string;
  className?: string;
}) {
  return (
    // biome-ignore lint/performance/noImgElement: see the note above
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={cn("bg-slate-100 object-cover", className)}
    />
  );
}
