import type { DbOrTx } from "@/server/db/client";
import * as repo from "./billing.repository";

// The ticket balance of a supplier, for the session user (identity reads it through billing's service).
export const ticketBalance = (db: DbOrTx, companyId: string) => repo.ticketBalance(db, companyId);
