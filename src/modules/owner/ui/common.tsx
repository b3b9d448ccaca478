// Moved to src/components/owner/console-helpers.tsx (every domain's console pages use them).
export * from "@/components/owner/console-helpers";
