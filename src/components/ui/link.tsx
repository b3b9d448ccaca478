"use client";

import NextLink from "next/link";
import { type ComponentProps, useState } from "react";

// Every link of the app (decision 0024). Next's <Link> prefetches each link that scrolls into view;
// our pages all render per request (the nonce CSP), so a console page with its navigation and a
// list of 50 rows sent 40–90 page renders to the server on every view, most for pages never
// opened. This one prefetches on intent instead — the pointer over it, the keyboard focus on it,
// the finger down on it — which still starts the next page's data before the click lands.
// `prefetch={false}` keeps a link from prefetching at all; `prefetch` (true) asks for the full
// page once intent shows.

type Props = ComponentProps<typeof NextLink>;

export default function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  const [intent, setIntent] = useState(false);
  const show = () => {
    if (!intent) setIntent(true);
  };
  return (
    <NextLink
      {...props}
      prefetch={prefetch === false || !intent ? false : (prefetch ?? null)}
      onMouseEnter={(e) => {
        show();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        show();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        show();
        onTouchStart?.(e);
      }}
    />
  );
}
