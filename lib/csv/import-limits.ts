// No zod here: the import form's client bundle imports it.
/** The largest CSV file an import reads: about 5,000 rows. */
export const MAX_IMPORT_BYTES = 1_000_000
