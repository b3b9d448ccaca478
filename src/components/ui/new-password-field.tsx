import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { PasswordStrength } from "@/components/ui/password-strength";

/** A new password: the input with the product's rule as its hint, and the strength meter below. */
export function NewPasswordField({
  label,
  password,
  error,
  input,
}: {
  label: string;
  /** What the field holds now (for the meter). */
  password: string | undefined;
  error: string | undefined;
  input: UseFormRegisterReturn;
}) {
  return (
    <div className="flex flex-col gap-2">
      <FormField label={label} required hint="8文字以上で、英字と数字を含めてください。" error={error}>
        <PasswordInput autoComplete="new-password" {...input} />
      </FormField>
      <PasswordStrength password={password ?? ""} />
    </div>
  );
}

/** The new password typed a second time. */
export function PasswordConfirmationField({
  label,
  error,
  input,
}: {
  label: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} required error={error}>
      <PasswordInput autoComplete="new-password" {...input} />
    </FormField>
  );
}
