import { Slot } from "radix-ui";
import type { ButtonHTMLAttributes } from "react";
import { withOverrides } from "@/lib/cn";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-300",
  secondary: "bg-slate-800 text-white hover:bg-slate-900 disabled:bg-slate-300",
  outline:
    "border border-brand-600 bg-white text-brand-600 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-slate-300",
} as const;

// cta: the spec's call-to-action size — 250×55 at 16px on phones, 300×70 at 20px on desktop.
const sizes = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-base",
  cta: "h-[55px] w-[250px] text-base desktop:h-[70px] desktop:w-[300px] desktop:text-xl",
} as const;

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
}

export function Button({
  variant = "primary",
  size = "md",
  asChild,
  className,
  type,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      type={asChild ? undefined : (type ?? "button")}
      className={withOverrides(`${base} ${variants[variant]} ${sizes[size]}`, className)}
      {...props}
    />
  );
}
