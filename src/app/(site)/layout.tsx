import type { ReactNode } from "react";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { siteLinks } from "@/lib/site-links";

// Every page with the public header and footer lives in this route group.
export default function SiteLayout({ children }: { children: ReactNode }) {
  const links = siteLinks();
  return (
    <>
      <Header guideUrl={links.guide} />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <Footer links={links} />
    </>
  );
}
