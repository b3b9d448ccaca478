import type { Metadata } from "next";
import { Suspense } from "react";
import { LogoMark } from "@/components/layout/logo";
import { OwnerLoginForm } from "@/modules/owner/ui/owner-login-form";

export const metadata: Metadata = { title: "運営者ログイン" };

export default function OwnerLoginPage() {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm desktop:p-8">
        <div className="mb-6 flex items-center gap-3">
          <LogoMark />
          <div>
            <h1 className="text-xl font-bold text-slate-900">運営者ログイン</h1>
            <p className="text-sm text-slate-600">OEMマッチ 運営コンソール</p>
          </div>
        </div>
        <Suspense fallback={null}>
          <OwnerLoginForm />
        </Suspense>
      </div>
    </main>
  );
}
