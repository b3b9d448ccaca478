// The query and the titles of the flow pages (plain values: usable from server and client components).

import { isUuid } from "@/lib/uuid";
import type { FlowKind } from "./draft";

export const FLOW_NAMES: Record<FlowKind, string> = {
  bulk: "一括問い合わせ",
  single: "企業への問い合わせ（指名）",
};

export const STEP_TITLES: Record<number, string> = {
  1: "問い合わせ内容の入力",
  2: "ログイン・会員登録",
  3: "入力内容の確認",
  4: "お問い合わせを受け付けました",
};

/** ?step=1..4; anything else is step 1. */
export function stepOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1;
}

export function isCompanyId(value: string | undefined): value is string {
  return Boolean(value && isUuid(value));
}
