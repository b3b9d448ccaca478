// Billing's use cases for the routes, the pages and the other modules, by use case:
// purchases (purchase.service.ts), ticket usage (usage.service.ts), the unlimited plan
// (plan.service.ts), invoices (invoice.service.ts) and the no-reply refund (refund.service.ts).
// The operator's are in billing-operator.service.ts.

/** The price list (tax excluded), for the brochure and the landing page. */
export { PLAN_MONTHLY_FEE_YEN, TICKET_PRODUCTS } from "./billing.products";
export { listInvoices } from "./invoice.service";
export {
  activatePlan,
  applyForPlan,
  cancelPlan,
  endExpiredPlans,
  endPlan,
  monthlyRecord,
  planStateOf,
  planStepDone,
  rejectPlanApplication,
  startDuePlans,
} from "./plan.service";
export {
  cancelTicketPurchase,
  confirmTicketPurchase,
  grantTickets,
  purchaseTickets,
  ticketBalance,
  ticketBalances,
  ticketsOverview,
} from "./purchase.service";
export { refundDueTickets } from "./refund.service";
export {
  hasTicketUsage,
  isTicketRevoked,
  listTicketUsages,
  type NominationForTicket,
  refundTicketUsage,
  ticketRevokedSql,
  ticketUsageExistsSql,
  ticketUsageState,
  useTicket,
} from "./usage.service";
