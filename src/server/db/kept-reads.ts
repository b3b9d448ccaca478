import { type ChangeTopic, feedLive, generation } from "./change-feed";

// Reads a process keeps until their topic changes (decision 0025): a value is served while the
// change feed listens and the topic's generation is the one it was computed under. Concurrent
// callers of one key share one computation; a value whose topic changed while it was computed is
// not kept (it may lack the change). The least recently used key goes first past `max`.

export interface KeptReads<V> {
  get(key: string, compute: () => Promise<V>): Promise<V>;
  /** How many values are kept (tests, metrics). */
  size(): number;
}

export function keptReads<V>(topic: ChangeTopic, max: number): KeptReads<V> {
  const kept = new Map<string, { generation: number; value: Promise<V> }>();
  return {
    get(key, compute) {
      if (!feedLive()) return compute();
      const current = generation(topic);
      const found = kept.get(key);
      if (found && found.generation === current) {
        kept.delete(key);
        kept.set(key, found);
        return found.value;
      }
      const entry = { generation: current, value: compute() };
      kept.set(key, entry);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      const drop = () => {
        if (kept.get(key) === entry) kept.delete(key);
      };
      entry.value.then(() => {
        if (generation(topic) !== current) drop();
      }, drop);
      return entry.value;
    },
    size: () => kept.size,
  };
}
