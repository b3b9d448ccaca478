import { contentDisposition } from "@/modules/files/attachment";
import type { StoredAttachment } from "@/modules/files/attachment.service";
import { streamBody } from "@/server/http/stream-body";

/**
 * The download of a stored document (attachments, deal-room files, certificates): streamed from the
 * store with its length, the client's file name (RFC 6266 / 5987), and headers that keep a browser
 * from running or sniffing it; never kept by a shared cache (docs/decisions/0042).
 */
export function fileDownload(
  file: StoredAttachment,
  req: { method: string },
  context: Record<string, unknown>,
): Response {
  // Hono answers HEAD by dropping the GET response's body unread: the opened object is let go here,
  // or its file handle (its S3 connection) would stay open until garbage collection.
  if (req.method === "HEAD") file.object.body.destroy();
  const body = req.method === "HEAD" ? null : streamBody(file.object.body, context);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.object.size),
      "Content-Disposition": contentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      ETag: file.etag,
    },
  });
}
