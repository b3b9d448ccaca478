import { DEAL_CONTENT_TEMPLATES, DEAL_LINK_LABEL } from "./deal-templates";

// A sent mail's stored copy keeps its text for the console but not its live links: the
// one-time token of each link (verification, reset, invitation, email change) is masked.

const TOKEN_PARAM = /([?&;]token=)[A-Za-z0-9_-]+/g;
export const MASKED_TOKEN = "（送信済みのため非表示）";

export function maskLinkTokens(text: string): string {
  return text.replace(TOKEN_PARAM, `$1${MASKED_TOKEN}`);
}

/** Whether a stored mail holds a link whose token was masked after sending. */
export function hasMaskedLink(text: string): boolean {
  return text.includes(`token=${MASKED_TOKEN}`);
}

export const HIDDEN_DEAL_CONTENT =
  "（商談の内容は運営コンソールでは表示しません。確認が必要な場合は、商談の一覧から「内容を確認（理由を記録）」で理由を記録して確認してください）";

/**
 * A deal mail's text as the console shows it: the members' words hidden, as the deal room hides
 * them from the operator unless a reason is recorded. The link section is found from the end, so
 * a message that imitates it cannot move the cut; without it, the whole text is hidden.
 */
export function hideDealContent(template: string, text: string): string {
  const kept = DEAL_CONTENT_TEMPLATES[template];
  if (kept === undefined) return text;
  const cut = text.lastIndexOf(`\n\n${DEAL_LINK_LABEL}:\n`);
  if (cut < 0) return HIDDEN_DEAL_CONTENT;
  const lines = text.slice(0, cut).split("\n");
  return [...lines.slice(0, kept), HIDDEN_DEAL_CONTENT].join("\n") + text.slice(cut);
}
