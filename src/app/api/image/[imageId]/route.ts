// GET /api/image/{imageId} as Next sees it – only for Next's image optimizer (/_next/image).
//
// server.ts hands every HTTP request under /api to Hono (src/api/routes/image.ts), so this route
// is never reached from outside. Next's optimizer, though, reads a local `src` by calling Next's
// own request handler in-process, not over HTTP: without this twin it answers 404 for uploaded
// images. Both read the same stored bytes through files.service.
import { IMAGE_CACHE_CONTROL, readImage } from "@/modules/files/files.service";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ imageId: string }> }): Promise<Response> {
  const { imageId } = await ctx.params;
  try {
    const image = await readImage(db(), imageId);
    return new Response(new Uint8Array(image.data), {
      headers: {
        "Content-Type": image.contentType,
        // The optimizer keeps its resized copies this long: a deactivated company's images go with it.
        "Cache-Control": IMAGE_CACHE_CONTROL,
        ETag: image.etag,
      },
    });
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return new Response(null, { status: 404 });
    throw e;
  }
}
