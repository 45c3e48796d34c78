/** The package's version, as package.json gives it (test/packageMetadata.test.ts checks): a module of its own, so the command line can say it without loading the server. */
export const version = "0.2.0"
