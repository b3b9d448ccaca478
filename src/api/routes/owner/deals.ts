import type { newRouter } from "../../router";

// The console's view of the deal room: thread metadata, reading with a reason, reported messages.
export function ownerDealRoutes(_r: ReturnType<typeof newRouter>) {}
