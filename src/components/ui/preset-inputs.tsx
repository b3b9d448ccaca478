import type { InputHTMLAttributes } from "react";
import { Input } from "@/components/ui/input";

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A phone number: the tel keyboard and the browser's stored number. */
export function TelInput(props: InputProps) {
  return <Input type="tel" autoComplete="tel" inputMode="tel" {...props} />;
}

/** An email address, with the product's example address as placeholder. */
export function EmailInput({ autoComplete, ...props }: InputProps & { autoComplete: "email" | "username" }) {
  return (
    <Input
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      placeholder="example@company.co.jp"
      {...props}
    />
  );
}

/** A website address (https://…). */
export function UrlInput(props: InputProps) {
  return (
    <Input type="url" autoComplete="url" inputMode="url" placeholder="https://example.co.jp" {...props} />
  );
}
