import type { Metadata } from "next";
import { ErrorScreen } from "@/components/layout/error-screen";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { siteLinks } from "@/lib/site-links";

export const metadata: Metadata = { title: "ページが見つかりません" };

// The root not-found renders inside the root layout only (outside the (site) group), for
// unknown URLs and for notFound() anywhere, so it brings the header and footer itself.
export default function NotFound() {
  const links = siteLinks();
  return (
    <>
      <Header guideUrl={links.guide} />
      <main id="main" className="flex flex-1 flex-col">
        <ErrorScreen status={404} />
      </main>
      <Footer links={links} />
    </>
  );
}
