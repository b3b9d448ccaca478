import { ExternalLink } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { linkClass } from "./auth-page";

/** The required 「利用規約とプライバシーポリシーに同意する」 box of the registration forms. */
export function Agreement({
  termsUrl,
  privacyUrl,
  error,
  errorId,
  input,
}: {
  termsUrl: string;
  privacyUrl: string;
  error?: string;
  /** The id of the error text, unique on the page. */
  errorId: string;
  input: UseFormRegisterReturn<"agreeToTerms">;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div
        className={`rounded-md border p-4 ${error ? "border-red-500 bg-red-50" : "border-slate-200 bg-slate-50"}`}
      >
        <label className="flex cursor-pointer items-start gap-3 text-sm leading-6">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-600"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...input}
          />
          <span>
            <a href={termsUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              利用規約
              <NewTab />
            </a>
            と
            <a href={privacyUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              プライバシーポリシー
              <NewTab />
            </a>
            に同意する
            <span className="ml-2 inline-block whitespace-nowrap rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
              必須
            </span>
          </span>
        </label>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function NewTab() {
  return (
    <>
      <ExternalLink aria-hidden className="mx-0.5 inline size-3.5 align-[-2px]" />
      <span className="sr-only">（新しいタブで開きます）</span>
    </>
  );
}
