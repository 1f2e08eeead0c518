import type { AttachedFile } from '../../../shared/chat/attachedFile';
import { namedProvider } from '../../../shared/host/conversationProvider';
import type { ConversationStore } from '../../store/conversationStore';
import type { AttachedFiles, FileRef } from '../files/attachedFiles';
import type { ModelProviders } from '../models/modelProviders';

/**
 * The files a new message of conversation `id` attaches, checked before it is saved: against the
 * limits of a message and of the conversation's requests, and against what the conversation's
 * provider reads — so a message that could not be sent as meant is refused, saying why, and kept.
 */
export async function messageFiles(
  id: string,
  refs: readonly FileRef[],
  deps: {
    store: Pick<ConversationStore, 'load'>;
    providers: Pick<ModelProviders, 'get' | 'defaultId'>;
    files?: Pick<AttachedFiles, 'forMessage'>;
  },
): Promise<AttachedFile[]> {
  if (refs.length === 0) return [];
  if (!deps.files) throw new Error('Files cannot be attached here.');
  const { settings, messages } = await deps.store.load(id);
  const entry = await deps.providers.get(namedProvider(settings) ?? (await deps.providers.defaultId()));
  return deps.files.forMessage(refs, messages, {
    name: entry.name,
    reads: await entry.provider.readsFiles(),
  });
}
