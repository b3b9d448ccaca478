import type { newRouter } from "../router";

// Threads, messages, files, reports (helper: threads).
export function dealThreadRoutes(_r: ReturnType<typeof newRouter>) {}
