import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import {
  RATING_ALREADY_GIVEN,
  RATING_NOT_AWARDED,
  type RatingAggregate,
  ratingAggregate,
  ratingVisible,
  revealAt,
} from "./rating.policy";
import * as repo from "./rating.repository";
import type { DealRating, RatingInput, RatingState } from "./rating.schema";
import type { ThreadRow } from "./thread.repository";
import { threadOf } from "./thread-access";

// Both-way private ratings after an award (docs/trust-plan.md "Ratings"): each side of an AWARDED
// thread rates the other once; a rating reaches the other side once both rated or 14 days after the
// award; aggregates count visible ratings only and show from 3.

const dto = (r: repo.RatingRow): DealRating => ({
  communication: r.communication,
  accuracy: r.accuracy,
  speed: r.speed,
  comment: r.comment,
  createdAt: r.createdAt.toISOString(),
});

function stateOf(
  thread: ThreadRow,
  side: "BUYER" | "SUPPLIER",
  ratings: repo.RatingRow[],
  now: Date,
): RatingState {
  const mine = ratings.find((r) => r.raterSide === side);
  const theirs = ratings.find((r) => r.raterSide !== side);
  const visible = ratingVisible({ bothRated: Boolean(mine && theirs), decidedAt: thread.decidedAt, now });
  const awarded = thread.status === "AWARDED";
  return {
    threadId: thread.id,
    side,
    canRate: awarded && !mine,
    mine: mine ? dto(mine) : null,
    theirs: theirs && visible ? dto(theirs) : null,
    revealAt: awarded && thread.decidedAt ? revealAt(thread.decidedAt).toISOString() : null,
  };
}

/** GET …/threads/{threadId}/rating: my rating, the other side's once visible, whether I may rate. */
export async function getRating(
  scope: CompanyScope,
  db: DbOrTx,
  threadId: string,
  now = new Date(),
): Promise<RatingState> {
  const { thread, side } = await threadOf(scope, db, threadId);
  return stateOf(thread, side, await repo.ratingsOfThread(db, thread.id), now);
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
  return stateOf(thread, side, await repo.ratingsOfThread(db, thread.id), now);
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
