// Moved to src/lib/console/csv.ts (the console's lists live in each domain now).
export * from "@/lib/console/csv";
