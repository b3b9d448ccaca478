import type { Metadata } from "next";
import { AuthPage } from "@/components/ui/auth-page";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { siteLinks } from "@/lib/site-links";
import { InvitationAccept } from "@/modules/members/ui/invitation-accept";

export const metadata: Metadata = { title: "メンバー招待", robots: { index: false } };

// The page the invitation email opens: /invitation?companyId=…&token=…
export default async function InvitationPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const links = siteLinks();
  return (
    <AuthPage title="メンバー招待" eyebrow="OEMマッチへの参加">
      <InvitationAccept
        companyId={firstParam(params.companyId)}
        token={firstParam(params.token)}
        termsUrl={links.terms}
        privacyUrl={links.privacy}
      />
    </AuthPage>
  );
}
