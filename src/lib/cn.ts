import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * A component's own classes, then the caller's overrides (later wins). Merged only when there
 * are overrides: tailwind-merge builds its class map at its first call, about 20 ms of a phone's
 * CPU, and a component hydrated without overrides (the public pages' forms) should not pay it.
 * `own` must be conflict-free by itself.
 */
export function withOverrides(own: string, overrides: string | undefined): string {
  return overrides ? twMerge(own, overrides) : own;
}
