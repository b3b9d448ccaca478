import { newRouter } from "../router";
import { dealQuoteRoutes } from "./deal-quotes";
import { dealRatingRoutes } from "./deal-ratings";
import { dealThreadRoutes } from "./deal-threads";

// The deal room (docs/deal-room.md): /api/deals/company/{companyId}/… for the buyer and the supplier
// of a thread; the company in the path is the caller's, the thread must be that company's.
export function dealRoutes() {
  const r = newRouter();
  dealThreadRoutes(r);
  dealQuoteRoutes(r);
  dealRatingRoutes(r);
  return r;
}
