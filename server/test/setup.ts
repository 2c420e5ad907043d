// Each suite starts a whole server with its own database; PGlite takes a few seconds to boot.
jest.setTimeout(30_000);
