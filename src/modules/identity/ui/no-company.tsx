"use client";

// /account/deactivated: a signed-in user whose every company was deactivated. Sign out, or
// register a new company under the same account (POST /api/{buyer|oem}/additional-register).
import { Building2, LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useSession } from "@/lib/session/session-provider";

type Kind = "BUYER" | "SUPPLIER";
const FIELDS = ["name", "personName", "department", "phone"] as const;
type Field = (typeof FIELDS)[number];

export function NoCompanyActions() {
  const router = useRouter();
  const { signOut, update } = useSession();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>("BUYER");
  const [values, setValues] = useState<Record<Field, string>>({
    name: "",
    personName: "",
    department: "",
    phone: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(undefined);
    setErrors({});
    const body = Object.fromEntries(FIELDS.filter((f) => values[f].trim()).map((f) => [f, values[f].trim()]));
    try {
      await apiFetch(kind === "BUYER" ? "/api/buyer/additional-register" : "/api/oem/additional-register", {
        method: "POST",
        body,
      });
      await update();
      router.replace(kind === "BUYER" ? "/account/buyer" : "/account/oem");
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      setFailure(messageOf(err));
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, required: boolean, autoComplete: string) => (
    <FormField label={label} required={required} error={errors[field]}>
      <Input
        name={field}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      />
    </FormField>
  );

  return (
    <div className="flex w-full flex-col items-center gap-6">
      <div className="flex flex-col items-center justify-center gap-4 desktop:flex-row">
        <Button size="cta" onClick={() => setOpen(true)} aria-expanded={open} aria-controls="new-company">
          <Building2 aria-hidden className="size-5" />
          新しい企業を登録する
        </Button>
        <Button size="cta" variant="outline" onClick={() => void signOut("/")}>
          <LogOut aria-hidden className="size-5" />
          ログアウト
        </Button>
      </div>
      {open && (
        <form
          id="new-company"
          aria-label="新しい企業の登録"
          onSubmit={(e) => void submit(e)}
          noValidate
          className="flex w-full max-w-[508px] flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 text-left"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-bold text-slate-800">登録する企業の種類</legend>
            {(
              [
                ["BUYER", "発注者（OEMメーカーを探して問い合わせる）"],
                ["SUPPLIER", "OEMメーカー（製造を請け負う）"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="type"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="size-4 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </fieldset>
          {input("name", "会社名", true, "organization")}
          {input("personName", "お名前", true, "name")}
          {input("department", "部署名", false, "organization-title")}
          {input("phone", "電話番号", false, "tel")}
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button type="submit" disabled={busy}>
            {busy ? "登録しています…" : "この内容で登録する"}
          </Button>
        </form>
      )}
    </div>
  );
}
