// The service levels an owner can pick for the reorder suggestions (no zod: the form imports it).
export const SERVICE_LEVELS = [0.9, 0.95, 0.98, 0.99] as const

export const serviceLevelLabel = (level: number) => `${Math.round(level * 100)}%`
