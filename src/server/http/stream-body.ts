import type { Readable } from "node:stream";
import { logger } from "./logger";

// A stored file goes to the client as it is read (docs/decisions/0042): never whole in memory.

/**
 * A response body that reads `source` one chunk per pull: the next chunk is read only when the
 * socket has taken the last (@hono/node-server waits for 'drain' before it pulls again), so a slow
 * client holds one chunk (64 KB from disk, a socket read from S3), not the file. A client that goes
 * away cancels the body, which destroys the source (file handle closed, S3 connection dropped).
 * An error while reading (disk, S3) errors the body: the response, whose headers are out, is cut
 * short so the client sees a truncated download, never a complete-looking one; it is logged here
 * and never reaches an unheard 'error' event.
 */
export function streamBody(source: Readable, context: Record<string, unknown>): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(value as Uint8Array);
        } catch (err) {
          logger().warn({ err, ...context }, "stored file stream failed mid-response");
          controller.error(err);
        }
      },
      async cancel() {
        // The iterator's return() destroys the source; its 'error' (if any) is swallowed there.
        await chunks.return?.().catch(() => undefined);
        source.destroy();
      },
    },
    // Nothing is read ahead of what the client has taken.
    { highWaterMark: 0 },
  );
}
