import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import {
  RATING_ALREADY_GIVEN,
  RATING_NOT_AWARDED,
  type RatingAggregate,
  ratingAggregate,
  revealAt,
} from "./rating.policy";
import * as repo from "./rating.repository";
import type { DealRating, RatingInput, RatingState } from "./rating.schema";
import type { ThreadRow } from "./thread.repository";
import { threadOf } from "./thread-access";

// Both-way private ratings after an award (docs/trust.md "Ratings"): each side of an AWARDED thread
// rates the other once. A rated company never reads the other side's individual rating (issue 33:
// buyers rate candidly only if the factory cannot read their scores); ratings reach the figures
// only as aggregates of 3 or more, each one once both rated or 14 days after the award.

const dto = (r: repo.RatingRow): DealRating => ({
  communication: r.communication,
  accuracy: r.accuracy,
  speed: r.speed,
  comment: r.comment,
  createdAt: r.createdAt.toISOString(),
});

function stateOf(thread: ThreadRow, side: "BUYER" | "SUPPLIER", ratings: repo.RatingRow[]): RatingState {
  // Only the caller's own rating is read out: the other side's stays in the table.
  const mine = ratings.find((r) => r.raterSide === side);
  const awarded = thread.status === "AWARDED";
  return {
    threadId: thread.id,
    side,
    canRate: awarded && !mine,
    mine: mine ? dto(mine) : null,
    countsFrom: awarded && thread.decidedAt ? revealAt(thread.decidedAt).toISOString() : null,
  };
}

/** GET …/threads/{threadId}/rating: my rating and whether I may rate (never the other side's). */
export async function getRating(scope: CompanyScope, db: DbOrTx, threadId: string): Promise<RatingState> {
  const { thread, side } = await threadOf(scope, db, threadId);
  return stateOf(thread, side, await repo.ratingsOfThread(db, thread.id));
}

/** POST …/threads/{threadId}/rating: once per side, only on an awarded thread (409 otherwise). */
export async function rateThread(
  scope: CompanyScope,
  db: DbOrTx,
  threadId: string,
  input: RatingInput,
  now = new Date(),
): Promise<RatingState> {
  const { thread, side } = await threadOf(scope, db, threadId);
  // A decided thread never moves again, so an AWARDED thread stays so while the rating is stored.
  if (thread.status !== "AWARDED") throw new AppError("CONFLICT", RATING_NOT_AWARDED);
  const stored = await repo.insertRatingOnce(db, {
    threadId: thread.id,
    raterSide: side,
    raterCompanyId: scope.companyId,
    rateeCompanyId: side === "BUYER" ? thread.supplierCompanyId : thread.buyerCompanyId,
    communication: input.communication,
    accuracy: input.accuracy,
    speed: input.speed,
    comment: input.comment ?? null,
    createdAt: now,
  });
  if (!stored) throw new AppError("CONFLICT", RATING_ALREADY_GIVEN);
  return stateOf(thread, side, await repo.ratingsOfThread(db, thread.id));
}

/**
 * The visible ratings each company received (buyers from suppliers, suppliers from buyers), in one
 * query: the count, and the averages from 3 ratings. For figures shown next to a company.
 */
export async function ratingsReceived(
  db: DbOrTx,
  companyIds: readonly string[],
  now = new Date(),
): Promise<Map<string, RatingAggregate>> {
  const totals = await repo.ratingTotalsOf(db, companyIds, now);
  return new Map(
    companyIds.map((id) => [
      id,
      ratingAggregate(totals.get(id) ?? { count: 0, communication: null, accuracy: null, speed: null }),
    ]),
  );
}
