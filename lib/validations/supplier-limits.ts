// Shared by the supplier form (client) and its schema: no zod here, so the form's bundle stays without it.
export const MAX_SUPPLIER_NAME = 120
export const MAX_SUPPLIER_NOTES = 1000
