import type { ApiWording } from '../sdkErrors';

/** How Chat Completions APIs word their errors: `{error: {message, type, param, code}}`. */
export const OPENAI_WORDING: ApiWording = {
  detail: (body) => (body as { message?: string } | undefined)?.message,
  tooLong: (status, body, detail) =>
    status === 400 &&
    ((body as { code?: string } | undefined)?.code === 'context_length_exceeded' ||
      /maximum context length|context length|context window|too many tokens/i.test(detail)),
  // Ollama: "… does not support tools"; vLLM: "auto tool choice requires --enable-auto-tool-choice".
  noTools: (status, detail) =>
    status === 400 &&
    /does not support tools|tool choice requires|tools? (are|is) not supported/i.test(detail),
};
