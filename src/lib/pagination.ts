import { z } from "zod";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1, "ページは1以上で指定してください").default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1, "件数は1以上で指定してください")
    .max(MAX_PER_PAGE, `件数は${MAX_PER_PAGE}以下で指定してください`)
    .default(DEFAULT_PER_PAGE),
});
export type Pagination = z.infer<typeof paginationQuery>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
  });
}

export function offsetOf(p: Pagination): number {
  return (p.page - 1) * p.perPage;
}
