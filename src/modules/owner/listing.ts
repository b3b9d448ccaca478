// Moved to src/lib/console-listing.ts (the domains' operator lists use it); kept for the console's own imports.
export { iso, type Listing, type ListPage, listing, pageOf } from "@/lib/console-listing";
