import type { Metadata } from "next";
import { ErrorScreen } from "@/components/layout/error-screen";

export const metadata: Metadata = { title: "ページが見つかりません" };

// notFound() in a page of the (site) group renders here, inside the group's header and
// footer; unknown URLs render the root app/not-found.tsx, which brings its own.
export default function SiteNotFound() {
  return <ErrorScreen status={404} />;
}
