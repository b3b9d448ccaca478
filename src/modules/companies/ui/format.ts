// Japanese display formats of the public supplier pages.

const group = (n: number) => n.toLocaleString("ja-JP");

/**
 * An amount of yen the way company profiles write capital:
 * 30,000,000 → 「3,000万円」, 100,000,000 → 「1億円」, 150,000,000 → 「1億5,000万円」,
 * 8,500 → 「8,500円」. A remainder under 10,000 yen is dropped once the amount reaches 万.
 */
export function formatYen(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) return "";
  const yen = Math.floor(amount);
  if (yen < 10_000) return `${group(yen)}円`;
  const oku = Math.floor(yen / 100_000_000);
  const man = Math.floor((yen % 100_000_000) / 10_000);
  if (oku === 0) return `${group(man)}万円`;
  return man === 0 ? `${group(oku)}億円` : `${group(oku)}億${group(man)}万円`;
}

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
