import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { keptPage, pageCacheKey, renderAndKeep, renderNonce, serveKeptPage } from "@/server/http/page-cache";
import { applyPageHeaders } from "@/server/http/page-headers";

/**
 * server.ts's wiring of the page cache, in front of `render`: a stand-in for Next that writes a
 * page with the render nonce it is given (also in the CSP header the request's answer carries).
 */
export function pageCacheFront(
  render: (req: IncomingMessage, res: ServerResponse, nonce: string) => void,
): RequestListener {
  return (req, res) => {
    const key = pageCacheKey(req);
    const kept = key ? keptPage(key) : undefined;
    const nonce = applyPageHeaders(req, res, false, false, key && !kept ? renderNonce() : undefined);
    if (kept) return serveKeptPage(kept, req, res);
    const go = () => render(req, res, nonce);
    void (key ? renderAndKeep(key, req, res, nonce, go) : go());
  };
}
