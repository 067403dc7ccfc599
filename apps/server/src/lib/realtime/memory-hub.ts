import { LocalListeners, type RealtimeHub, type RealtimeListener, type RealtimeMessage } from './hub';

/** One instance: messages go straight to this process's listeners. */
export class MemoryHub implements RealtimeHub {
  private readonly listeners = new LocalListeners();

  async publish(userId: number, message: RealtimeMessage): Promise<void> {
    this.listeners.deliver(userId, message);
  }

  subscribe(userId: number, listener: RealtimeListener): () => void {
    return this.listeners.add(userId, listener);
  }

  async close(): Promise<void> {}
}
