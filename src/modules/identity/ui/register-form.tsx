"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import { linkClass } from "@/components/ui/auth-page";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { NewPasswordField } from "@/components/ui/new-password-field";
import { PrefectureOptions } from "@/components/ui/prefecture-options";
import { EmailInput, TelInput, UrlInput } from "@/components/ui/preset-inputs";
import { SubmitCta } from "@/components/ui/submit-cta";
import { Agreement } from "@/components/ui/terms-agreement";
import { ApiError, apiFetch } from "@/lib/api/client";
import type { Prefecture } from "@/lib/api/master-data";
import { messageOf, scrollToField, scrollToTop } from "@/lib/form-helpers";
import { useSession } from "@/lib/session/session-provider";
import { emailField, numberFromText } from "@/lib/validation";
import { type RegisterInput, registerInput } from "@/modules/identity/identity.schema";
import { RegisterComplete } from "./register-complete";
import { Section } from "./register-section";
import { StepIndicator, type StepState } from "./step-indicator";

export type AccountType = "BUYER" | "SUPPLIER";

/** What the inputs hold: text everywhere, a boolean for the agreement. */
export interface RegisterFormValues {
  companyName: string;
  companyNameKana: string;
  postalCode: string;
  prefectureId: string;
  address: string;
  phone: string;
  website: string;
  name: string;
  department: string;
  email: string;
  password: string;
  agreeToTerms: boolean;
}
type Field = keyof RegisterFormValues;

const COMPANY_FIELDS = [
  "companyName",
  "companyNameKana",
  "postalCode",
  "prefectureId",
  "address",
  "phone",
  "website",
] as const satisfies readonly Field[];
const PERSON_FIELDS = [
  "name",
  "department",
  "email",
  "password",
  "agreeToTerms",
] as const satisfies readonly Field[];
/** Screen order: the first field with an error is the one brought into view. */
const FIELD_ORDER: readonly Field[] = [...COMPANY_FIELDS, ...PERSON_FIELDS];
const OPTIONAL: ReadonlySet<Field> = new Set([
  "companyNameKana",
  "postalCode",
  "prefectureId",
  "address",
  "website",
  "department",
]);

const EMPTY: RegisterFormValues = {
  companyName: "",
  companyNameKana: "",
  postalCode: "",
  prefectureId: "",
  address: "",
  phone: "",
  website: "",
  name: "",
  department: "",
  email: "",
  password: "",
  agreeToTerms: false,
};

/** The API body: blank optional fields are left out, as the schema expects. */
function toBody(values: RegisterFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values) as [Field, unknown][]) {
    if (OPTIONAL.has(key) && typeof value === "string" && value.trim() === "") continue;
    body[key] = key === "prefectureId" && typeof value === "string" ? numberFromText(value) : value;
  }
  return body;
}

const baseResolver = zodResolver(registerInput);
/** registerInput, run on the API body the form would send (the very schema the API validates with). */
const resolver: Resolver<RegisterFormValues, unknown, RegisterInput> = async (values, context, options) => {
  const result = await baseResolver(toBody(values) as never, context, options as never);
  // An empty phone number reads better as "please enter" than as a format error.
  if (result.errors.phone && !values.phone.trim()) {
    result.errors.phone = { ...result.errors.phone, message: "電話番号を入力してください" };
  }
  return result as unknown as Awaited<ReturnType<Resolver<RegisterFormValues, unknown, RegisterInput>>>;
};

/** A field error from the API, shown while the field still holds the value it was about. */
type ServerErrors = Partial<Record<Field, { value: unknown; message: string }>>;

const TYPE_LABEL = { BUYER: "発注者", SUPPLIER: "OEMメーカー" } as const;
const SWITCH = {
  BUYER: { href: "/register?type=SUPPLIER", label: "OEMメーカーとして登録する方はこちら" },
  SUPPLIER: { href: "/register?type=BUYER", label: "発注者として登録する方はこちら" },
} as const;

export function RegisterForm({
  accountType,
  termsUrl,
  privacyUrl,
}: {
  accountType: AccountType;
  termsUrl: string;
  privacyUrl: string;
}) {
  const { signIn } = useSession();
  const { formError, setFormError, ref: formErrorRef, show: showFormError } = useFormError();
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [activeSection, setActiveSection] = useState<0 | 1>(0);
  const [done, setDone] = useState<{ email: string; signedIn: boolean }>();

  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver,
    mode: "onTouched",
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as RegisterFormValues;

  const { data: prefectures, error: prefecturesError } = useSWR<{ items: Prefecture[] }>("/api/prefectures");

  const errorOf = (field: Field): string | undefined => {
    const own = errors[field]?.message;
    if (own) return own;
    const server = serverErrors[field];
    return server && Object.is(server.value, values[field]) ? server.message : undefined;
  };

  // Live check of the email against the server (e.g. already registered), 500 ms after the last keystroke.
  const email = values.email;
  useEffect(() => {
    if (!emailField.safeParse(email).success) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        await apiFetch("/api/oem/register-check", {
          method: "POST",
          body: toBody(getValues()),
          signal: controller.signal,
        });
        setServerErrors(({ email: _, ...rest }) => rest);
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 422) return; // offline or throttled: submit checks again
        const message = e.fields.email;
        setServerErrors(({ email: _, ...rest }) =>
          message ? { ...rest, email: { value: email, message } } : rest,
        );
      }
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email, getValues]);

  const showServerErrors = (fields: Record<string, string>, current: RegisterFormValues) => {
    const next: ServerErrors = {};
    for (const [key, message] of Object.entries(fields)) {
      if (key in current) next[key as Field] = { value: current[key as Field], message };
    }
    setServerErrors(next);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) scrollToField(first);
    const unmapped = Object.keys(fields).filter((k) => !(k in current));
    return unmapped.map((k) => fields[k]).join(" ");
  };

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(undefined);
      const current = getValues();
      try {
        await apiFetch("/api/oem/register-check", { method: "POST", body: input });
        await apiFetch(accountType === "BUYER" ? "/api/buyer/register" : "/api/oem/register", {
          method: "POST",
          body: input,
        });
      } catch (e) {
        if (e instanceof ApiError && e.status === 422 && Object.keys(e.fields).length) {
          const rest = showServerErrors(e.fields, current);
          if (rest) setFormError(rest);
        } else {
          showFormError(messageOf(e));
        }
        return;
      }
      setServerErrors({});
      // The register calls answer a bearer token only; the browser session comes from signing in.
      let signedIn = true;
      try {
        await signIn({ email: input.email, password: input.password, accountType });
      } catch {
        signedIn = false;
      }
      setDone({ email: input.email, signedIn });
      scrollToTop();
    },
    (invalid) => {
      const first = FIELD_ORDER.find((f) => invalid[f]);
      if (first) scrollToField(first);
    },
  );

  const sectionState = (fields: readonly Field[], required: readonly Field[]): boolean =>
    required.every((f) =>
      f === "agreeToTerms" ? values[f] === true : String(values[f] ?? "").trim() !== "",
    ) && fields.every((f) => !errorOf(f));
  const companyDone = sectionState(COMPANY_FIELDS, ["companyName", "phone"]);
  const personDone = sectionState(PERSON_FIELDS, ["name", "email", "password", "agreeToTerms"]);
  const steps: { label: string; state: StepState }[] = done
    ? [
        { label: "会社情報", state: "done" },
        { label: "ご担当者情報", state: "done" },
        // Finished: the last step is done, not "being filled in".
        { label: "登録完了", state: "done" },
      ]
    : [
        { label: "会社情報", state: activeSection === 0 ? "current" : companyDone ? "done" : "todo" },
        { label: "ご担当者情報", state: activeSection === 1 ? "current" : personDone ? "done" : "todo" },
        { label: "登録完了", state: "todo" },
      ];

  if (done) {
    return (
      <div className="flex flex-col gap-8">
        <StepIndicator steps={steps} />
        <RegisterComplete accountType={accountType} email={done.email} signedIn={done.signedIn} />
      </div>
    );
  }

  const busy = isSubmitting;
  return (
    <div className="flex flex-col gap-8">
      <p className="-mt-4 text-center text-sm">
        <Link href={SWITCH[accountType].href} className={linkClass}>
          {SWITCH[accountType].label}
        </Link>
      </p>
      <StepIndicator steps={steps} />
      <p className="text-sm leading-7 text-slate-600">
        {TYPE_LABEL[accountType]}
        として会員登録します。登録は無料です。
        <span className="mx-1 inline-block whitespace-nowrap rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
          必須
        </span>
        の項目は必ずご入力ください。
      </p>
      <FormErrorBanner ref={formErrorRef} message={formError} />

      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-10"
        aria-label={`${TYPE_LABEL[accountType]}の会員登録`}
      >
        <Section
          number={1}
          title="会社情報"
          icon={<Building2 aria-hidden className="size-5" />}
          onFocus={() => setActiveSection(0)}
        >
          <FormField label="会社名" required error={errorOf("companyName")}>
            <Input autoComplete="organization" placeholder="株式会社OEMマッチ" {...register("companyName")} />
          </FormField>
          <FormField label="会社名（カナ）" error={errorOf("companyNameKana")}>
            <Input placeholder="カブシキガイシャオーイーエムマッチ" {...register("companyNameKana")} />
          </FormField>
          <FormField label="郵便番号" hint="半角数字（例: 100-0001）" error={errorOf("postalCode")}>
            <Input
              autoComplete="postal-code"
              inputMode="numeric"
              placeholder="100-0001"
              className="max-w-48"
              {...register("postalCode")}
            />
          </FormField>
          <FormField
            label="都道府県"
            error={errorOf("prefectureId") ?? (prefecturesError ? messageOf(prefecturesError) : undefined)}
          >
            <Select autoComplete="address-level1" className="max-w-64" {...register("prefectureId")}>
              <PrefectureOptions items={prefectures?.items} />
            </Select>
          </FormField>
          <FormField label="住所" hint="市区町村・番地・建物名" error={errorOf("address")}>
            <Input
              autoComplete="street-address"
              placeholder="千代田区丸の内1-1-1 OEMビル5階"
              {...register("address")}
            />
          </FormField>
          <FormField label="電話番号" required hint="半角数字（例: 03-1234-5678）" error={errorOf("phone")}>
            <TelInput placeholder="03-1234-5678" className="max-w-64" {...register("phone")} />
          </FormField>
          <FormField label="Webサイト" hint="https:// から始まるURL" error={errorOf("website")}>
            <UrlInput {...register("website")} />
          </FormField>
        </Section>

        <Section
          number={2}
          title="ご担当者情報"
          icon={<UserRound aria-hidden className="size-5" />}
          onFocus={() => setActiveSection(1)}
        >
          <FormField label="お名前" required error={errorOf("name")}>
            <Input autoComplete="name" placeholder="山田 太郎" {...register("name")} />
          </FormField>
          <FormField label="部署名" error={errorOf("department")}>
            <Input autoComplete="organization-title" placeholder="商品企画部" {...register("department")} />
          </FormField>
          <FormField
            label="メールアドレス"
            required
            hint="ログインIDになります。確認メールをお送りします。"
            error={errorOf("email")}
          >
            <EmailInput autoComplete="email" {...register("email")} />
          </FormField>
          <NewPasswordField
            label="パスワード"
            password={values.password}
            error={errorOf("password")}
            input={register("password")}
          />
          <Agreement
            termsUrl={termsUrl}
            privacyUrl={privacyUrl}
            error={errorOf("agreeToTerms")}
            errorId="register-agree-error"
            input={register("agreeToTerms")}
          />
        </Section>

        <div className="flex flex-col items-center gap-4">
          <SubmitCta busy={busy}>同意して登録する</SubmitCta>
          <p className="text-sm text-slate-600">
            既にアカウントをお持ちの方は
            <Link
              href={accountType === "BUYER" ? "/buyer/login" : "/oem/login"}
              className={`ml-1 ${linkClass}`}
            >
              ログイン
            </Link>
          </p>
        </div>
      </form>
    </div>
  );
}
