"use client";

import { clsx } from "clsx";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import {
  SELECTION_FULL_MESSAGE,
  toggleSelectedCompany,
  useSelectedCompanies,
} from "@/lib/selected-companies";
import { toast } from "@/lib/toast";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * The 「一括問い合わせに追加」 toggle. Its name stays the same in both states (aria-pressed
 * tells the state), the look and the icon change. Before hydration it renders unpressed
 * and disabled, so a click is never lost silently.
 */
export function SelectCompanyButton({
  company,
  size = "md",
  className,
}: {
  company: { id: string; name: string };
  size?: "md" | "lg";
  className?: string;
}) {
  const selected = useSelectedCompanies();
  const hydrated = useHydrated();
  const pressed = selected.some((c) => c.id === company.id);

  const onClick = () => {
    const result = toggleSelectedCompany(company);
    if (result === "full") toast.error(SELECTION_FULL_MESSAGE, { id: "selection-full" });
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`${company.name}を一括問い合わせに追加`}
      onClick={onClick}
      disabled={!hydrated}
      className={clsx(
        "select-company", // globals.css
        size === "lg" ? "h-[55px] px-5 text-base desktop:h-[70px] desktop:text-lg" : "h-10 px-3 text-sm",
        pressed
          ? "border-emerald-600 bg-emerald-50 text-emerald-800 hover:bg-emerald-100"
          : "border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
        className,
      )}
    >
      <span
        aria-hidden
        className={clsx(
          "inline-flex size-5 shrink-0 items-center justify-center rounded border",
          pressed ? "border-emerald-600 bg-emerald-600 text-white" : "border-brand-600 text-brand-600",
        )}
      >
        {pressed ? (
          <SpriteIcon name="check" className="size-3.5 stroke-3" />
        ) : (
          <SpriteIcon name="plus" className="size-3.5 stroke-3" />
        )}
      </span>
      {/* Breaks between phrases (一括 / 問い合わせに / 追加済み), never before a lone 「み」 at 375 px. */}
      <span className="[word-break:auto-phrase]">
        {pressed ? "一括問い合わせに追加済み" : "一括問い合わせに追加"}
      </span>
    </button>
  );
}
