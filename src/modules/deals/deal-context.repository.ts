import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { inquiries } from "@/server/db/schema";

// What the quote and decision use cases show of a thread's inquiry (emails, the purchase order).

export async function inquiryFacts(db: DbOrTx, inquiryId: string) {
  const [row] = await db
    .select({
      id: inquiries.id,
      title: inquiries.title,
      description: inquiries.description,
      quantity: inquiries.quantity,
      quantityUnit: inquiries.quantityUnit,
      type: inquiries.type,
      status: inquiries.status,
    })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  if (!row) throw new Error(`inquiry ${inquiryId} of a deal thread not found`);
  return row;
}
