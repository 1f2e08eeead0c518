import type { ModelList } from './modelProvider';

/** How long a provider's model list is kept: every sampling request and settings form asks for it. */
const MODELS_TTL_MS = 10 * 60_000;

/**
 * A provider's model list, asked of its API at most once in ten minutes for one address and key;
 * when the API cannot say (or lists nothing), `fallback` with why.
 */
export class ModelListCache {
  private kept: { key: string; at: number; list: string[] } | undefined;

  constructor(
    private readonly fallback: readonly string[],
    /** Says what went wrong, in words a person can act on. */
    private readonly describe: (error: unknown) => Promise<string>,
  ) {}

  async get(key: () => Promise<string>, ask: () => Promise<string[]>, none: string): Promise<ModelList> {
    try {
      const k = await key();
      if (this.kept?.key === k && Date.now() - this.kept.at < MODELS_TTL_MS)
        return { models: [...this.kept.list], source: 'api' };
      const models = await ask();
      if (models.length === 0) return { models: [...this.fallback], source: 'fallback', error: none };
      this.kept = { key: k, at: Date.now(), list: models };
      return { models: [...models], source: 'api' };
    } catch (error) {
      return { models: [...this.fallback], source: 'fallback', error: await this.describe(error) };
    }
  }
}
