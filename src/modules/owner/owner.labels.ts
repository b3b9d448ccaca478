// The console's words live in src/lib/console-labels.ts (each domain's console pages and exports use them).
export * from "@/lib/console-labels";
