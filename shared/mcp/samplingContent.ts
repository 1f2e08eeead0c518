import type { SamplingContent, SamplingMessage } from './protocol';

/** A sampling message's content as a list: the spec allows one block or several. */
export const samplingContents = (message: Pick<SamplingMessage, 'content'>): SamplingContent[] =>
  Array.isArray(message.content) ? message.content : [message.content];
