import type { ImportIssue } from './product-import'

// Apart from product-import.ts so that the preview (a client component) does not bring zod along.

/** "Line 4, Oat milk: quantity 'lots' is not a whole number" */
export const describeIssue = ({ line, product, message }: Pick<ImportIssue, 'line' | 'product' | 'message'>) =>
  `Line ${line}${product ? `, ${product}` : ''}: ${message}`
