import { dictionary } from "@zxcvbn-ts/language-common";
import { invalid } from "@/server/http/errors";

// The ~49,000 most common passwords of zxcvbn-ts's maintained list (lowercase), checked on the
// server only so that the list never reaches a page's bundle.
let common: Set<string> | undefined;

export const COMMON_PASSWORD_MESSAGE =
  "よく使われているパスワードのため使用できません。推測されにくいパスワードを設定してください";

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"] as string[]);
  return common.has(password.toLowerCase());
}

/** A 422 with the field error when a password about to be set is one of the common ones. */
export function assertUncommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) throw invalid({ [field]: COMMON_PASSWORD_MESSAGE });
}
