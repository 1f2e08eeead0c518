/** A command line the CLI cannot run as given: said with the usage, exit 2. */
export class UsageError extends Error {}
