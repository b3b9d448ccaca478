"use client";

// 企業名の公開設定: PATCH …/namePublishStatus/update. Only an ADMIN may change it.
import { EyeOff, Globe, Lock } from "lucide-react";
import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/card";
import { SettingsSection } from "@/components/ui/page-parts";
import { apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { toast } from "@/lib/toast";

export function NamePublishCard({
  companyId,
  companyName,
  published,
  isAdmin,
  onChanged,
}: {
  companyId: string;
  companyName: string;
  published: boolean;
  isAdmin: boolean;
  onChanged: (published: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const labelId = useId();
  const noteId = useId();

  const toggle = async (next: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await apiFetch<{ namePublished: boolean }>(
        `/api/oem/company/${companyId}/namePublishStatus/update`,
        { method: "PATCH", body: { namePublished: next } },
      );
      onChanged(res.namePublished);
      toast.success(res.namePublished ? "企業名を公開しました。" : "企業名を非公開にしました。");
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      id="name-publish"
      title="企業名の公開設定"
      icon={published ? <Globe aria-hidden className="size-5" /> : <EyeOff aria-hidden className="size-5" />}
      aside={published ? <Badge tone="green">公開中</Badge> : <Badge tone="slate">非公開</Badge>}
    >
      <div className="flex items-start justify-between gap-4 rounded-md border border-slate-200 bg-slate-50 p-4">
        <div className="min-w-0">
          <p id={labelId} className="font-bold text-slate-900">
            企業名を公開する
          </p>
          <p className="mt-1 text-sm leading-6 text-slate-600">
            {published ? (
              <>
                公開ページと検索結果に「<span className="font-bold">{companyName}</span>
                」とWebサイトへのリンクが表示されています。
              </>
            ) : (
              <>
                公開ページと検索結果では企業名の代わりに「<span className="font-bold">企業名非公開</span>
                」と表示され、Webサイトへのリンクも表示されません。
              </>
            )}
          </p>
        </div>
        <Switch.Root
          checked={published}
          disabled={!isAdmin || busy}
          onCheckedChange={(v) => void toggle(v)}
          aria-labelledby={labelId}
          aria-describedby={!isAdmin ? noteId : undefined}
          className="relative mt-1 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand-600"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
        </Switch.Root>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-600">
        <li>非公開にしても、公開ページ・事例・OEM情報は引き続き表示され、検索の対象にもなります。</li>
        <li>非公開の間は、企業名・企業名（カナ）で検索してもヒットしなくなります。</li>
      </ul>
      {!isAdmin && (
        <p id={noteId} className="flex items-center gap-2 text-sm font-bold text-slate-600">
          <Lock aria-hidden className="size-4 shrink-0" />
          企業名の公開設定は、管理者のみ変更できます。
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </SettingsSection>
  );
}
