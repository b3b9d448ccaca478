import { requireOwner } from "../../context";
import { newRouter } from "../../router";
import { ownerCertificationRoutes } from "./certifications";
import { ownerCompaniesRoutes } from "./companies";
import { ownerDashboardRoutes } from "./dashboard";
import { ownerDealRoutes } from "./deals";
import { ownerInquiriesRoutes } from "./inquiries";
import { ownerMasterDataRoutes } from "./master-data";
import { ownerNewsRoutes } from "./news";
import { ownerOperationsRoutes } from "./operations";
import { ownerOrderRoutes } from "./orders";
import { ownerPlansRoutes } from "./plans";
import { ownerSystemRoutes } from "./system";
import { ownerTicketsRoutes } from "./tickets";
import { ownerTrustRoutes } from "./trust";

// The owner console (運営): every call needs an operator token; members get 403. One file per domain
// of the console, registered in this order (static paths before parameters; the OpenAPI document keeps it).
export function ownerRoutes() {
  const r = newRouter();
  // Who before what: a member or anonymous caller is refused (403/401) before the input is validated.
  r.use("/owner/*", async (c, next) => {
    await requireOwner(c);
    await next();
  });

  ownerDashboardRoutes(r);
  ownerCompaniesRoutes(r);
  ownerInquiriesRoutes(r);
  ownerDealRoutes(r);
  ownerOrderRoutes(r);
  ownerNewsRoutes(r);
  ownerTicketsRoutes(r);
  ownerPlansRoutes(r);
  ownerOperationsRoutes(r);
  ownerSystemRoutes(r);
  ownerTrustRoutes(r);
  ownerCertificationRoutes(r);
  ownerMasterDataRoutes(r);
  return r;
}
