// The query and the titles of the flow pages (plain values: usable from server and client components).

import { isUuid } from "@/lib/uuid";
import type { FlowKind } from "./draft";

/**
 * ?step=1..4 (content → account → confirm → complete), and for the bulk flow ?step=suggest
 * between the content and the account: 「条件に合うメーカー」 (issue 20). The numbers stay what
 * they were, so links and the login's return to step 3 keep working.
 */
export const SUGGEST_STEP = "suggest";
export type FlowStep = 1 | 2 | 3 | 4 | typeof SUGGEST_STEP;

export const FLOW_NAMES: Record<FlowKind, string> = {
  bulk: "一括問い合わせ",
  single: "企業への問い合わせ（指名）",
};

export const STEP_TITLES: Record<FlowStep, string> = {
  1: "問い合わせ内容の入力",
  [SUGGEST_STEP]: "条件に合うメーカー",
  2: "ログイン・会員登録",
  3: "入力内容の確認",
  4: "お問い合わせを受け付けました",
};

/** The steps of a flow in their order, with the indicator's labels (in the parts a line may break between). */
export function flowSteps(kind: FlowKind): Array<{ step: FlowStep; label: string[] }> {
  const steps: Array<{ step: FlowStep; label: string[] }> = [{ step: 1, label: ["内容入力"] }];
  if (kind === "bulk") steps.push({ step: SUGGEST_STEP, label: ["条件に合う", "メーカー"] });
  steps.push({ step: 2, label: ["アカウント"] }, { step: 3, label: ["確認"] }, { step: 4, label: ["完了"] });
  return steps;
}

/** ?step=1..4 or ?step=suggest; anything else is step 1. */
export function stepOf(value: string | undefined): FlowStep {
  if (value === SUGGEST_STEP) return SUGGEST_STEP;
  const n = Number(value);
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : 1;
}

export function isCompanyId(value: string | undefined): value is string {
  return Boolean(value && isUuid(value));
}
