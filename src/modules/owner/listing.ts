// Moved to src/lib/console-listing.ts (every domain's operator list uses it); kept for the console's other imports.
export { iso, type Listing, type ListPage, listing, pageOf } from "@/lib/console-listing";
