import type { ImportIssue, ImportRow } from '@/lib/csv/product-import'
import type { ActionState } from './action-state'

export interface ImportPreviewSummary {
  fileName: string
  totalRows: number
  validCount: number
  issueCount: number
  /** the first rows that will be imported, for the preview table */
  sample: ImportRow[]
  /** the first problems, each quoting its line */
  issues: ImportIssue[]
  ignoredColumns: string[]
}

export interface ImportPreviewState extends ActionState {
  preview?: ImportPreviewSummary
}

export const PREVIEW_SAMPLE_ROWS = 50
export const PREVIEW_MAX_ISSUES = 100
