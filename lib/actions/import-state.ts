import type { PlannedRow } from '@/lib/csv/import-plan'
import type { ImportIssue } from '@/lib/csv/product-import'
import type { ActionState } from './action-state'

export interface ImportPreviewSummary {
  fileName: string
  /** sent back on confirm: the import is refused if the plan is no longer the one shown */
  token: string
  totalRows: number
  newCount: number
  changedCount: number
  unchanged: number
  /** every row that creates or changes a product: old → new, and the values blank cells keep */
  rows: PlannedRow[]
  /** every problem, with its line and column; those rows are left out */
  issues: ImportIssue[]
  ignoredColumns: string[]
}

/** A preview, or a confirm refused because the catalogue changed: then `preview` is the new one. */
export interface ImportPreviewState extends ActionState {
  preview?: ImportPreviewSummary
}
