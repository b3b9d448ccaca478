import { newRouter } from "../router";

// Image uploads: /api/image/… (filled in by the files module).
export function imageRoutes() {
  return newRouter();
}
