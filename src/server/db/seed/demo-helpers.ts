// Small helpers of the demo seed: a seeded PRNG (so every run produces the same data),
// Japan-time dates relative to today, and the keyword text of a supplier.
import { JAPAN_OFFSET_MS } from "@/lib/japan-time";

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A UUID (version 4 layout) drawn from the generator, so ids are stable between runs. */
  uuid(): string;
}

/** mulberry32: tiny, fast and good enough for demo data. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]!,
    uuid: () => {
      const bytes = Array.from({ length: 16 }, () => int(0, 255));
      bytes[6] = (bytes[6]! & 0x0f) | 0x40;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}

const DAY_MS = 86_400_000;

/** Dates and times relative to a fixed "now", computed on the Japanese calendar. */
export class DemoClock {
  /** Midnight JST of today, as a UTC instant. */
  private readonly todayStart: number;

  constructor(readonly now: Date = new Date()) {
    const jst = now.getTime() + JAPAN_OFFSET_MS;
    this.todayStart = jst - (jst % DAY_MS) - JAPAN_OFFSET_MS;
  }

  /** A moment `days` days ago at hh:mm Japan time, never later than now. */
  at(days: number, hour = 10, minute = 0): Date {
    const t = this.todayStart - days * DAY_MS + (hour * 60 + minute) * 60_000;
    return new Date(Math.min(t, this.now.getTime() - 60_000));
  }

  /** A calendar date (YYYY-MM-DD) `days` from today in Japan; negative for the past. */
  date(days: number): string {
    return new Date(this.todayStart + JAPAN_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
  }

  /** The first day of the month `monthsAgo` months before this one. */
  monthStart(monthsAgo: number): string {
    const [y, m] = this.date(0).split("-").map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 - monthsAgo, 1));
    return d.toISOString().slice(0, 10);
  }

  /** The last day of the month `monthsAgo` months before this one (0: the current month). */
  monthEnd(monthsAgo = 0): string {
    const [y, m] = this.date(0).split("-").map(Number) as [number, number];
    return new Date(Date.UTC(y, m - monthsAgo, 0)).toISOString().slice(0, 10);
  }

  /** `base` plus whole days and hours, never later than now. */
  after(base: Date, days: number, hours = 0): Date {
    const t = base.getTime() + days * DAY_MS + hours * 3_600_000;
    return new Date(Math.min(t, this.now.getTime() - 60_000));
  }

  /** 10:00 Japan time on a calendar date (YYYY-MM-DD). */
  morningOf(date: string): Date {
    return new Date(`${date}T10:00:00+09:00`);
  }
}

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"];

/** A calendar date (YYYY-MM-DD) as Japanese text, e.g. 2026年4月10日（金）. */
export function japaneseDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${y}年${m}月${d}日（${weekday}）`;
}

const segmenter = new Intl.Segmenter("ja", { granularity: "word" });

/** Space-joined, lower-cased, de-duplicated word segments of the given texts (keyword search). */
export function buildSearchText(texts: ReadonlyArray<string | null | undefined>): string {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const s of segmenter.segment(text)) {
      if (s.isWordLike) words.add(s.segment.toLowerCase());
    }
  }
  return [...words].join(" ");
}

/** Consumption tax of 10%, rounded down, on a tax-excluded amount. */
export function withTax(subtotalYen: number): { subtotalYen: number; taxYen: number; totalYen: number } {
  const taxYen = Math.floor(subtotalYen * 0.1);
  return { subtotalYen, taxYen, totalYen: subtotalYen + taxYen };
}
