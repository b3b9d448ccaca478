// The one check for every place that sends the browser on to a URL taken from the request
// (?redirect=, ?redirectTo=, callbackUrl): only this site, never another host or a script.

/** Stands for "this site" when the caller does not know the app's origin (client components). */
const SAME_SITE = "http://same-site.invalid";

/**
 * The path (with query and fragment) of `value` when it points into this site, else undefined.
 * Parsed as a browser would (tabs and newlines dropped, backslashes as slashes), so what is
 * checked is what gets followed; `appUrl` also admits absolute URLs of the app's own origin.
 */
export function safeRedirect(
  value: string | string[] | null | undefined,
  appUrl?: string,
): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || raw.length > 2000) return undefined;
  const origin = appUrl ? new URL(appUrl).origin : SAME_SITE;
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return undefined;
  }
  // A relative value must start at the root: "account/x" depends on the page it is read on.
  if (url.origin !== origin || url.username || url.password) return undefined;
  // The URL parser drops leading C0 controls and spaces; what follows must be a scheme or a slash.
  const start = raw.replace(/^[\s\p{Cc}]+/u, "");
  if (!/^https?:\/\//i.test(start) && !/^[/\\]/.test(start)) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" normalises to "//host", which a browser would read as another host.
  if (path.startsWith("//") || path.startsWith("/\\")) return undefined;
  return path;
}

/** Only same-site paths under the supplier area may be a way back (no //host, no backslashes). */
export function safeSupplierRedirect(value: string | string[] | null | undefined): string | undefined {
  const v = safeRedirect(value);
  if (!v || v.length > 300) return undefined;
  if (
    !v.startsWith("/account/oem/") ||
    v.includes("//") ||
    v.includes("\\") ||
    [...v].some((c) => c.charCodeAt(0) < 0x20)
  ) {
    return undefined;
  }
  if (
    v
      .split(/[?#]/)[0]!
      .split("/")
      .some((seg) => seg === ".." || seg === ".")
  )
    return undefined;
  return v;
}
