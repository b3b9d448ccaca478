import type { newRouter } from "../router";

// Quotes, versions, no-quote, comparison, decisions, purchase orders (helper: quotes).
export function dealQuoteRoutes(_r: ReturnType<typeof newRouter>) {}
