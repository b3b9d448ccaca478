import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";

export const newsQuery = paginationQuery;

export const newsItem = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(["ALL", "BUYER", "SUPPLIER"]),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItem>;
