import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { membershipHistory } from "@/server/db/schema";

// "The two companies share a member" (issue 33, decision 0035): one user has at any time been a
// member of both (membership_history keeps every membership ever held, filled by a trigger). Deals
// between such companies count in no public figure: a person on both sides could nominate, award
// and rate itself.

type Ref = SQL | SQL.Aliased | AnyColumn;

/** SQL: the companies `a` and `b` (columns or expressions) have had a member in common. */
export function sharesMember(a: Ref, b: Ref): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${membershipHistory} ha
    join ${membershipHistory} hb on hb.user_id = ha.user_id and hb.company_id = ${b}
    where ha.company_id = ${a})`;
}
