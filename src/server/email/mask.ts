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
