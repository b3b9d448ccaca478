import type { ReactNode } from "react";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { HydrateApart } from "@/components/layout/hydrate-apart";
import { siteLinks } from "@/lib/site-links";

// Every page with the public header and footer lives in this route group.
export default function SiteLayout({ children }: { children: ReactNode }) {
  const links = siteLinks();
  return (
    <>
      <HydrateApart>
        <Header guideUrl={links.guide} />
      </HydrateApart>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <HydrateApart>
        <Footer links={links} />
      </HydrateApart>
    </>
  );
}
