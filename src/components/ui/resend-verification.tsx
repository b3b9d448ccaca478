"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { toast } from "@/lib/toast";

/** 「確認メールを再送する」: POST /api/auth/register/mail/resent with the session. */
export function ResendVerification({ className }: { className?: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      const res = await apiFetch<{ message?: string }>("/api/auth/register/mail/resent", { method: "POST" });
      toast.success(res?.message ?? "確認メールを再送しました。");
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={className}>
      <p className="text-sm text-slate-600">メールが届かない場合は、迷惑メールフォルダもご確認ください。</p>
      <Button variant="outline" className="mt-3" onClick={resend} disabled={sending}>
        {sending ? "送信中…" : "確認メールを再送する"}
      </Button>
    </div>
  );
}
