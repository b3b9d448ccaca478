// Moved to src/lib/console/listing.ts (the console's lists live in each domain now).
export * from "@/lib/console/listing";
