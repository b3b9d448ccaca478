// Japanese display formats of the public supplier pages.

const group = (n: number) => n.toLocaleString("ja-JP");

export function formatEmployees(count: number): string {
  return `${group(count)}名`;
}

export function formatYear(year: number): string {
  return `${year}年`;
}

/** Shortens a text for a meta description (at most `max` characters, ending with 「…」). */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join("")}…`;
}

/** The host of a website for display: https://www.example.jp/ → www.example.jp. */
export function displayHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return url;
  }
}

/** Only http(s) links are rendered; anything else is shown as text. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}
