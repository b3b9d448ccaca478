import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import {
  COMPLETION_PAGES,
  type CompletionFlow,
  isValidReceipt,
  receiptCookieName,
} from "./completion-receipt";

/** A completion page without the receipt of its action goes back to the start of the flow. */
export async function requireCompletionReceipt(flow: CompletionFlow): Promise<void> {
  const value = (await cookies()).get(receiptCookieName(flow))?.value;
  if (!isValidReceipt(flow, value)) redirect(COMPLETION_PAGES[flow].start);
}
