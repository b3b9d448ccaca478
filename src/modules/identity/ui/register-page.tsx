import { AuthPage } from "@/components/ui/auth-page";
import { siteLinks } from "@/lib/site-links";
import { type AccountType, RegisterForm } from "./register-form";

const TITLES = { BUYER: "発注者 新規会員登録", SUPPLIER: "OEMメーカー 新規会員登録" } as const;

/** The registration page body for one account type (/register?type=…, /buyer/register, /oem/register). */
export function RegisterPage({ accountType }: { accountType: AccountType }) {
  const { terms, privacy } = siteLinks();
  return (
    <AuthPage title={TITLES[accountType]}>
      <RegisterForm accountType={accountType} termsUrl={terms} privacyUrl={privacy} />
    </AuthPage>
  );
}
