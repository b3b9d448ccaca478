import { withOverrides } from "@/lib/cn";

/** The first character of a name (山田 太郎 → 山), for the avatar circle. */
export function initialOf(name: string | null | undefined): string {
  const first = Array.from((name ?? "").trim())[0];
  return first ? first.toUpperCase() : "?";
}

/** A circle with the person's initial; 40px by default (spec §9: sidebar avatar 40px). */
export function Avatar({ name, className }: { name: string | null | undefined; className?: string }) {
  return (
    <span
      aria-hidden
      className={withOverrides(
        "grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-base font-bold text-white",
        className,
      )}
    >
      {initialOf(name)}
    </span>
  );
}
