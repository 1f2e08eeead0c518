/**
 * One uploaded piece of an attached file, before base64: 1 MiB (the WebSocket takes 4 MiB a message).
 * Apart from filesContract.ts so the page's upload loop can read it without loading zod.
 */
export const FILE_CHUNK_BYTES = 1024 * 1024;
