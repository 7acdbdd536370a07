'use client'

import { useState } from 'react'
import type { ImportPreviewSummary } from '@/lib/actions/import-state'
import { describeIssue } from '@/lib/csv/import-issue'
import { plural } from '@/lib/format/plural'
import { Button } from '@/components/ui/button'
import { ImportRowChanges } from './import-row-changes'

const PAGE = 50

/** What the owner is about to import: every change row by row, every problem by line, product and value. */
export function ImportPreview({ preview }: { preview: ImportPreviewSummary }) {
  const [shown, setShown] = useState(PAGE)
  const problemRows = new Set(preview.issues.map((issue) => issue.line)).size
  const ready = preview.newCount + preview.changedCount + preview.unchanged
  return (
    <div className="grid gap-4">
      <div aria-live="polite" className="grid gap-1">
        <p className="font-medium">
          {ready} of {plural(preview.totalRows, 'row')} ready to import
          {problemRows > 0 && `, ${problemRows} with problems (left out)`}.
        </p>
        <p className="text-sm text-muted-foreground">
          {preview.newCount} new, {preview.changedCount} changed, {preview.unchanged} unchanged.
        </p>
      </div>
      {preview.ignoredColumns.length > 0 && (
        <p className="text-sm text-muted-foreground">Columns not imported: {preview.ignoredColumns.join(', ')}</p>
      )}
      {preview.issues.length > 0 && (
        <section aria-labelledby="import-problems" className="grid gap-2">
          <h3 id="import-problems" className="font-semibold text-destructive">Rows left out of the import</h3>
          <ul aria-labelledby="import-problems" className="grid gap-1 rounded-lg border border-destructive/40 p-3 text-sm">
            {preview.issues.map((issue) => (
              <li key={`${issue.line}:${issue.column}:${issue.message}`} className="break-words">
                {describeIssue(issue)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.rows.length > 0 ? (
        <section aria-labelledby="import-changes" className="grid gap-2">
          <h3 id="import-changes" className="font-semibold">Changes</h3>
          <ul className="grid gap-2">
            {preview.rows.slice(0, shown).map((row) => (
              <ImportRowChanges key={row.line} row={row} />
            ))}
          </ul>
          {preview.rows.length > shown && (
            <Button type="button" variant="outline" onClick={() => setShown(shown + PAGE)}>
              Show more ({preview.rows.length - shown} left)
            </Button>
          )}
        </section>
      ) : (
        <p>Nothing to import: no row adds or changes a product.</p>
      )}
    </div>
  )
}
