import type { Metadata } from "next";
import { ErrorScreen } from "@/components/layout/error-screen";

export const metadata: Metadata = { title: "アクセス制限", robots: { index: false } };

// forbidden() in a page of the (site) group: the 403 screen, answered with HTTP 403.
export default function SiteForbidden() {
  return <ErrorScreen status={403} />;
}
