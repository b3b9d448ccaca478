import { cn } from "@/lib/cn";

/** 0 (empty) … 3 (strong): a hint only; the rule that counts is passwordField (8+ chars, letters and digits). */
export function passwordScore(password: string): 0 | 1 | 2 | 3 {
  if (!password) return 0;
  const meetsRule = password.length >= 8 && /[A-Za-z]/.test(password) && /[0-9]/.test(password);
  if (!meetsRule) return 1;
  const variety = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  return password.length >= 12 && variety >= 3 ? 3 : 2;
}

const levels = {
  1: { label: "弱い", bar: "bg-red-500", text: "text-red-700" },
  2: { label: "普通", bar: "bg-amber-500", text: "text-amber-700" },
  3: { label: "強い", bar: "bg-emerald-600", text: "text-emerald-700" },
} as const;

export function PasswordStrength({ password }: { password: string }) {
  const score = passwordScore(password);
  const level = score ? levels[score] : undefined;
  return (
    <div className="flex items-center gap-3" aria-live="polite">
      <div className="flex flex-1 gap-1" aria-hidden>
        {[1, 2, 3].map((i) => (
          <span
            key={i}
            className={cn("h-1.5 flex-1 rounded-full", level && i <= score ? level.bar : "bg-slate-200")}
          />
        ))}
      </div>
      <span className={cn("shrink-0 text-xs font-bold", level?.text ?? "text-slate-500")}>
        <span className="sr-only">パスワードの</span>強度：{level?.label ?? "―"}
      </span>
    </div>
  );
}
