// GET /api/image/{imageId} as Next sees it – only for Next's image optimizer (/_next/image).
//
// server.ts hands every HTTP request under /api to Hono (src/api/routes/image.ts), so this route
// is never reached from outside. Next's optimizer, though, reads a local `src` by calling Next's
// own request handler in-process, not over HTTP: without this twin it answers 404 for uploaded
// images. Both answer through files.service.imageResponse (same headers, ETag and 304).
import { imageResponse } from "@/modules/files/files.service";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ imageId: string }> }): Promise<Response> {
  const { imageId } = await ctx.params;
  try {
    return await imageResponse(db(), imageId, {
      method: req.method,
      ifNoneMatch: req.headers.get("if-none-match"),
    });
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return new Response(null, { status: 404 });
    throw e;
  }
}
