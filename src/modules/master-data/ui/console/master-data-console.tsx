"use client";

// 「加工・素材・認証」: the capability lists suppliers pick from and buyers filter by. The seeded rows
// come with every deploy; the operator adds what is missing here (a name, and for certifications
// and licences their kind). A row cannot be renamed or removed: suppliers and inquiries refer to it.
import { Loader2, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import useSWR from "swr";
import { Panel } from "@/components/owner/parts";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { ApiError, apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { CertificationType } from "../../master-data.schema";
import { CERTIFICATION_KIND_LABELS, MAX_CAPABILITY_NAME } from "../../master-data-operator.schema";

type Item = { id: number; slug: string; name: string; kind?: CertificationType["kind"] };
interface Capabilities {
  processes: Item[];
  materials: Item[];
  certificationTypes: Item[];
}

const LISTS = [
  { key: "processes", path: "processes", title: "加工", example: "例：真空成形" },
  { key: "materials", path: "materials", title: "素材", example: "例：竹繊維" },
  {
    key: "certificationTypes",
    path: "certification-types",
    title: "認証・許可",
    example: "例：ハラール認証",
  },
] as const;

function AddForm({
  list,
  onAdded,
}: {
  list: (typeof LISTS)[number];
  onAdded: (item: Item) => Promise<void>;
}) {
  const { call } = useOwnerSession();
  const id = useId();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<Item["kind"]>("CERTIFICATION");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const withKind = list.key === "certificationTypes";

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = name.trim();
    if (!text) return setError("名前を入力してください");
    setBusy(true);
    setError(undefined);
    try {
      const item = await call<Item>(`/api/owner/master-data/${list.path}`, {
        method: "POST",
        body: withKind ? { name: text, kind } : { name: text },
      });
      setName("");
      toast.success(`${list.title}「${item.name}」を追加しました。`);
      await onAdded(item);
    } catch (err) {
      setError(err instanceof ApiError && err.fields.name ? err.fields.name : messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-2 border-t border-slate-100 pt-4"
    >
      <label htmlFor={id} className="text-sm font-bold text-slate-800">
        {list.title}を追加
      </label>
      <div className="flex flex-col gap-2 desktop:flex-row">
        <Input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={MAX_CAPABILITY_NAME}
          placeholder={list.example}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-10 desktop:flex-1"
        />
        {withKind && (
          <Select
            aria-label="種類"
            value={kind}
            onChange={(e) => setKind(e.target.value as Item["kind"])}
            className="h-10 desktop:w-36"
          >
            {Object.entries(CERTIFICATION_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
        <Button type="submit" size="sm" className="h-10" disabled={busy}>
          {busy ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden className="size-4" />
          )}
          追加する
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="text-xs text-slate-600">
        {MAX_CAPABILITY_NAME}
        文字以内。同じ名前（全角・半角や大文字・小文字の違いを含む）は登録できません。追加した項目は変更・削除できません。
      </p>
    </form>
  );
}

export function MasterDataConsole() {
  // The public lists (the same the suppliers' and buyers' forms read): fetched without a token.
  const { data, error, mutate } = useSWR<Capabilities>(["capabilities"], () =>
    apiFetch<Capabilities>("/api/capabilities"),
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="加工・素材・認証"
        lead="OEMメーカーが対応能力として選び、発注者が条件として指定する一覧です。足りない項目を追加できます（追加は操作履歴に記録されます）。"
      />
      {error && !data ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={3} />
      ) : (
        <div className="grid gap-6 desktop:grid-cols-3">
          {LISTS.map((list) => {
            const items = data[list.key];
            return (
              <Panel key={list.key} title={`${list.title}（${items.length}件）`}>
                <ul aria-label={`${list.title}の一覧`} className="mb-4 flex flex-wrap gap-1.5">
                  {items.map((item) => (
                    <li key={item.id}>
                      <Badge tone={item.slug.startsWith("op-") ? "brand" : "slate"}>
                        {item.name}
                        {item.kind === "LICENSE" && <span className="ml-1 text-[11px]">（許可）</span>}
                      </Badge>
                    </li>
                  ))}
                </ul>
                <AddForm
                  list={list}
                  onAdded={async (item) => {
                    await mutate((d) => (d ? { ...d, [list.key]: [...d[list.key], item] } : d), {
                      revalidate: false,
                    });
                  }}
                />
              </Panel>
            );
          })}
        </div>
      )}
      <p className="text-xs text-slate-600">青色の項目は運営が追加したものです。</p>
    </div>
  );
}
