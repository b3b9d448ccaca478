import type { Metadata } from "next";
import { AuthPage } from "@/components/ui/auth-page";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { AccountTypeChoice } from "@/modules/identity/ui/account-type-choice";
import { RegisterPage } from "@/modules/identity/ui/register-page";

const TITLES = { BUYER: "発注者 新規会員登録", SUPPLIER: "OEMメーカー 新規会員登録" } as const;

function typeOf(value: string | string[] | undefined): "BUYER" | "SUPPLIER" | undefined {
  const type = firstParam(value)?.toUpperCase();
  return type === "BUYER" || type === "SUPPLIER" ? type : undefined;
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const type = typeOf((await searchParams).type);
  return { title: type ? TITLES[type] : "新規会員登録" };
}

export default async function RegisterRoute({ searchParams }: { searchParams: SearchParams }) {
  const type = typeOf((await searchParams).type);
  if (type) return <RegisterPage accountType={type} />;
  return (
    <AuthPage
      title="新規会員登録"
      lead={<p className="text-center">ご利用の目的に合わせて、登録する種別をお選びください。</p>}
    >
      <AccountTypeChoice />
    </AuthPage>
  );
}
