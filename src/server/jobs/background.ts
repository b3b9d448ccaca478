/** Starts the outbox relay and scheduled jobs; returns a function that stops them. */
export function startBackgroundWork(): () => void {
  return () => {};
}
