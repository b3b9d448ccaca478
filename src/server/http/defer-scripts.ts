import type { ServerResponse } from "node:http";
import { StringDecoder } from "node:string_decoder";

// Pages paint first; their JavaScript loads after the first paint (decision 0004).
//
// Next puts each script of a page into the document as <script async> (and preloads the
// bootstrap). A browser runs an async script as soon as it has arrived, so wherever the scripts
// arrive as fast as the HTML (a fast network, a warm cache), the first paint waits for the
// bootstrap and the hydration of the whole page. As the HTML streams out, this replaces each such
// tag with a call that queues the script, drops Next's script preloads, and adds the queued
// scripts, with the response's nonce, once the browser reports the first contentful paint (after
// one second at the latest: a background tab paints nothing). Content shows before any script
// runs; the page becomes interactive a moment later. Only Next's own static chunks are touched.

/** A whole script element with no content (inline scripts have some), or a link tag. */
const TAG = /<script\b[^>]*><\/script>|<link\b[^>]*>/g;
const NEXT_CHUNK = /\b(?:src|href)="(\/_next\/static\/[^"]+\.js)"/;
const NONCE = /\bnonce="([^"]+)"/;

/**
 * Defines self.__nextDefer(src): scripts wait for the first contentful paint (the browser reports
 * it once the frame is on screen), then are added as async scripts carrying the loader's nonce.
 */
const LOADER = [
  "self.__nextDefer||(function(){",
  "var q=[],go=0,n=document.currentScript&&document.currentScript.nonce;",
  'function add(s){var e=document.createElement("script");e.src=s;e.async=true;if(n)e.nonce=n;document.head.appendChild(e)}',
  "function start(){if(!go){go=1;q.forEach(add);q=[]}}",
  "self.__nextDefer=function(s){go?add(s):q.push(s)};",
  'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(start,0)}).observe({type:"paint",buffered:true})}catch(e){setTimeout(start,0)}',
  "setTimeout(start,1000)",
  "})();",
].join("");

export interface DeferState {
  loaderSent: boolean;
}

/** What one tag becomes: a queued script, nothing (a script preload), or itself. */
export function rewriteTag(tag: string, state: DeferState): string {
  const src = NEXT_CHUNK.exec(tag)?.[1];
  if (!src) return tag;
  if (tag.startsWith("<link")) return /\brel="preload"/.test(tag) && /\bas="script"/.test(tag) ? "" : tag;
  const nonce = NONCE.exec(tag)?.[1];
  // The noModule polyfills are not async and never run in a current browser: left as they are.
  if (!nonce || !/\basync=""/.test(tag) || /\bnoModule\b/i.test(tag)) return tag;
  const loader = state.loaderSent ? "" : LOADER;
  state.loaderSent = true;
  return `<script nonce="${nonce}">${loader}self.__nextDefer(${JSON.stringify(src)})</script>`;
}

/** Where the text stops being safe to rewrite: an unfinished tag, or a script not yet closed. */
function safeEnd(text: string): number {
  let end = text.length;
  const lastOpen = text.lastIndexOf("<");
  if (lastOpen >= 0 && text.indexOf(">", lastOpen) < 0) end = lastOpen;
  const script = text.lastIndexOf("<script");
  if (script >= 0 && text.indexOf("</script>", script) < 0) end = Math.min(end, script);
  return end;
}

/** A streaming rewriter: give it the HTML in chunks of any size; it returns what can go out. */
export function scriptDeferrer() {
  const state: DeferState = { loaderSent: false };
  let carry = "";
  const rewrite = (text: string) => text.replace(TAG, (tag) => rewriteTag(tag, state));
  return {
    push(text: string): string {
      const all = carry + text;
      const cut = safeEnd(all);
      carry = all.slice(cut);
      return rewrite(all.slice(0, cut));
    },
    end(): string {
      const rest = rewrite(carry);
      carry = "";
      return rest;
    },
  };
}

type Chunk = string | Uint8Array;

/** Rewrites the HTML this response sends; any other content passes untouched. */
export function deferPageScripts(res: ServerResponse): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let mode: "unknown" | "html" | "other" = "unknown";
  const decoder = new StringDecoder("utf8");
  const deferrer = scriptDeferrer();

  const isHtml = () => {
    if (mode === "unknown") {
      const type = String(res.getHeader("content-type") ?? "");
      const sized = res.getHeader("content-length") !== undefined;
      // The rewrite changes the length: a page whose length has already been sent is left alone.
      mode = type.startsWith("text/html") && !(sized && res.headersSent) ? "html" : "other";
      if (mode === "html" && sized) res.removeHeader("content-length");
    }
    return mode === "html";
  };
  const text = (chunk: Chunk) =>
    typeof chunk === "string"
      ? chunk
      : decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  const callbackOf = (...args: unknown[]) => args.find((a) => typeof a === "function");

  res.write = ((chunk: Chunk, encodingOrCb?: unknown, cb?: unknown) => {
    if (chunk == null || !isHtml()) return write(chunk, encodingOrCb, cb);
    return write(deferrer.push(text(chunk)), callbackOf(encodingOrCb, cb));
  }) as typeof res.write;

  res.end = ((chunk?: unknown, encodingOrCb?: unknown, cb?: unknown) => {
    if (!isHtml()) return end(chunk, encodingOrCb, cb);
    const body = typeof chunk === "function" || chunk == null ? "" : text(chunk as Chunk);
    return end(deferrer.push(body + decoder.end()) + deferrer.end(), callbackOf(chunk, encodingOrCb, cb));
  }) as typeof res.end;
}
