// Images of the public supplier pages (uploaded, stored behind GET /api/image/{id}), resized by
// Next's image optimizer: srcset at the configured widths, WebP, quality 75.
//
// A server component built on getImageProps(), so the pictures add no client JavaScript (the
// <Image> component is a client component and would be hydrated once per picture). The page's
// main picture is preloaded with high priority; the others load lazily.
import { getImageProps } from "next/image";
import { preload } from "react-dom";
import { cn } from "@/lib/cn";

export function SupplierImage({
  src,
  alt,
  width,
  height,
  priority,
  sizes,
  maxWidth,
  className,
}: {
  src: string;
  alt: string;
  /** Intrinsic size, for the aspect ratio and (without `sizes`) the 1x / 2x candidates. */
  width: number;
  height: number;
  /** The page's main picture: preloaded, loaded at once and with high priority. */
  priority?: boolean;
  /** The rendered width at each breakpoint; leave out for a fixed-size image (a logo). */
  sizes?: string;
  /**
   * The widest candidate worth offering, in device pixels (a card is never wider than a phone's
   * screen at 2x): the srcset of every card repeats in the HTML and in the page's payload.
   */
  maxWidth?: number;
  className?: string;
}) {
  const { props } = getImageProps({
    src,
    alt,
    width,
    height,
    sizes,
    quality: 75,
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : undefined,
    decoding: "async",
  });
  if (maxWidth && props.srcSet) {
    const kept = props.srcSet
      .split(", ")
      .filter((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]) <= maxWidth);
    if (kept.length) {
      props.srcSet = kept.join(", ");
      props.src = kept.at(-1)!.replace(/ \d+w$/, "");
    }
  }
  if (priority) {
    // What <Image preload> does: a <link rel="preload"> in <head> with the same srcset and sizes.
    preload(props.src, {
      as: "image",
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: "high",
    });
  }
  // biome-ignore lint/performance/noImgElement: this is next/image's own markup, from getImageProps()
  return <img {...props} alt={alt} className={cn("bg-slate-100 object-cover", className)} />;
}
