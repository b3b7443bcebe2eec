// The one shape of a UUID the server accepts in paths, tokens and CLI arguments (any version,
// either case): checked before a value reaches a uuid column, so a malformed id is a 404 or a usage
// error rather than a database error.
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
