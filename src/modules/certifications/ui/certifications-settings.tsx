"use client";

// The certificates part of /account/oem/capabilities: GET /api/oem/company/{companyId}/certifications,
// the upload form and the list with each certificate's review.
import { BadgeCheck, FilePlus2 } from "lucide-react";
import useSWR from "swr";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { SettingsSection } from "@/components/ui/page-parts";
import { useCapabilityMasters } from "@/lib/api/capability-masters";
import type { CertificationList as Certifications } from "../certification.schema";
import { CertificationList } from "./certification-list";
import { CertificationUploadForm } from "./certification-upload-form";

export function CertificationsSettings({ companyId }: { companyId: string }) {
  const key = `/api/oem/company/${companyId}/certifications`;
  const { data, error, mutate } = useSWR<Certifications>(key);
  const { data: masters } = useCapabilityMasters();
  return (
    <>
      <SettingsSection
        id="certifications-list"
        title="登録済みの証明書"
        icon={<BadgeCheck aria-hidden className="size-5" />}
        lead="運営事務局が証明書を確認し、有効期限内のものだけが公開ページと検索結果に「認証確認済み」と表示されます。有効期限の30日前にお知らせします。"
        aside={
          data && (
            <span className="text-sm text-slate-500">
              {data.total} / {data.max}
            </span>
          )
        }
      >
        {error ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : !data ? (
          <LoadingBlock rows={2} />
        ) : (
          <CertificationList
            companyId={companyId}
            items={data.items}
            onDeleted={(id) =>
              void mutate(
                (d) => d && { ...d, items: d.items.filter((c) => c.id !== id), total: d.total - 1 },
                { revalidate: true },
              )
            }
          />
        )}
      </SettingsSection>
      <SettingsSection
        id="certifications-upload"
        title="証明書を登録する"
        icon={<FilePlus2 aria-hidden className="size-5" />}
        lead="ISO認証の登録証や製造業許可証などの写しを登録してください。更新した証明書は新しく登録し、古いものは期限が切れたら削除できます。"
      >
        <CertificationUploadForm
          companyId={companyId}
          types={masters?.certificationTypes}
          full={Boolean(data && data.total >= data.max)}
          onUploaded={(created) =>
            void mutate((d) => d && { ...d, items: [created, ...d.items], total: d.total + 1 }, {
              revalidate: false,
            })
          }
        />
      </SettingsSection>
    </>
  );
}
