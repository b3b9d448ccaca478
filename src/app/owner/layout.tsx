import type { Metadata } from "next";
import type { ReactNode } from "react";
import { OwnerSessionProvider } from "@/lib/owner/owner-session";

// The owner console: its own sign-in (admin_token), never indexed.
export const metadata: Metadata = {
  title: { default: "運営コンソール | OEMマッチ", template: "%s | 運営コンソール | OEMマッチ" },
  robots: { index: false, follow: false },
};

export default function OwnerLayout({ children }: { children: ReactNode }) {
  return <OwnerSessionProvider>{children}</OwnerSessionProvider>;
}
