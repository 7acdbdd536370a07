import type { ImportPreviewSummary } from '@/lib/actions/import-state'
import { IMPORT_COLUMNS } from '@/lib/csv/product-import'

/** What the owner is about to import: counts, every problem by line, and the first rows. */
export function ImportPreview({ preview }: { preview: ImportPreviewSummary }) {
  const columns = IMPORT_COLUMNS.filter((column) => preview.sample.some((row) => column in row))
  return (
    <div className="grid gap-4">
      <p aria-live="polite" className="font-medium">
        {preview.validCount} of {preview.totalRows} rows ready to import
        {preview.issueCount > 0 && `, ${preview.issueCount} with problems (left out)`}.
      </p>
      {preview.ignoredColumns.length > 0 && (
        <p className="text-sm text-muted-foreground">Columns not imported: {preview.ignoredColumns.join(', ')}</p>
      )}
      {preview.issues.length > 0 && (
        <section aria-labelledby="import-problems" className="grid gap-2 rounded-lg border border-destructive/40 p-3">
          <h3 id="import-problems" className="font-semibold text-destructive">Problems</h3>
          <ul className="grid gap-1 text-sm">
            {preview.issues.map((issue) => (
              <li key={`${issue.line}:${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
          {preview.issueCount > preview.issues.length && (
            <p className="text-sm text-muted-foreground">…and {preview.issueCount - preview.issues.length} more.</p>
          )}
        </section>
      )}
      {preview.sample.length > 0 && (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rows to import</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Line</th>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {preview.sample.map((row) => (
                <tr key={row.line}>
                  <td className="px-3 py-2 tabular-nums">{row.line}</td>
                  {columns.map((column) => (
                    <td key={column} className="px-3 py-2 whitespace-nowrap">
                      {row[column] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.validCount > preview.sample.length && (
        <p className="text-sm text-muted-foreground">Showing the first {preview.sample.length} rows.</p>
      )}
    </div>
  )
}
