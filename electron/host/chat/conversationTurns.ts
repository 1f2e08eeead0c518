/**
 * One turn at a time per conversation: the turns under way, each with the controller its Stop
 * aborts, and the conversations where one is being started.
 */
export class ConversationTurns {
  private readonly running = new Map<string, AbortController>();
  /** Conversations where a turn is being started (see `claimed`). */
  private readonly claims = new Set<string>();

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /**
   * Runs what starts a turn (saving the person's message, truncating, …) while nothing else may start
   * one on this conversation: claimed before the first await, so two sends at once (a double Enter,
   * two windows) never both pass the "still replying" check and run two turns. `work` ends by starting
   * the turn, which holds the conversation from then on.
   */
  async claimed(id: string, work: () => Promise<void>): Promise<void> {
    if (this.running.has(id) || this.claims.has(id))
      throw new Error('A reply is still being written: stop it first');
    this.claims.add(id);
    try {
      await work();
    } finally {
      this.claims.delete(id);
    }
  }

  /** The turn of `id` begins: its signal is what Stop aborts. */
  begin(id: string): AbortSignal {
    const controller = new AbortController();
    this.running.set(id, controller);
    return controller.signal;
  }

  /** The turn of `id` is over: another may start. */
  end(id: string): void {
    this.running.delete(id);
  }

  /** Stops the reply: the stream, and every tool call it is running (each server is told). */
  stop(id: string): void {
    this.running.get(id)?.abort(new Error('Stopped by the user.'));
  }

  stopAll(): void {
    for (const c of this.running.values()) c.abort(new Error('Switchboard is closing.'));
  }
}
