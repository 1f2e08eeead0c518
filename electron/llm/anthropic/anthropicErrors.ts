import type { ApiWording } from '../sdkErrors';

/** How the Messages API words its errors: `{type: "error", error: {type, message}}`. */
export const ANTHROPIC_WORDING: ApiWording = {
  detail: (body) => (body as { error?: { message?: string } } | undefined)?.error?.message,
  tooLong: (status, _body, detail) => status === 400 && /prompt is too long/i.test(detail),
};
