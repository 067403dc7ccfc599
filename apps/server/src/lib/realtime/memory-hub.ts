import type { RealtimeHub, RealtimeListener, RealtimeMessage } from './hub';

/** One process: listeners in a map, a publish calls them at once. */
export class MemoryHub implements RealtimeHub {
  private readonly listeners = new Map<number, Set<RealtimeListener>>();

  async publish(userId: number, message: RealtimeMessage): Promise<void> {
    for (const listener of this.listeners.get(userId) ?? []) {
      try {
        listener(message);
      } catch {
        // One broken connection must not keep the message from the others.
      }
    }
  }

  subscribe(userId: number, listener: RealtimeListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
