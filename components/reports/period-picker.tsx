import { PRESETS, type RangeId } from '@/lib/reports/period'
import { FormField } from '@/components/forms/form-field'
import { FilterLinks } from '@/components/layout/filter-links'
import { Button } from '@/components/ui/button'

interface PeriodPickerProps {
  range: RangeId
  from: string
  to: string
  /** the shop's today, when known: the latest day a date input offers */
  today?: string
  fieldErrors?: { from?: string; to?: string }
}

/** The period links and a custom range; a plain GET form, so the address is the report and back works. */
export function PeriodPicker({ range, from, to, today, fieldErrors = {} }: PeriodPickerProps) {
  return (
    <div className="grid gap-3 print:hidden">
      <FilterLinks label="Report period" links={PRESETS.map((preset) => ({ href: `/reports?range=${preset.id}`, label: preset.label, current: range === preset.id }))} />
      <details open={range === 'custom'} className="rounded-xl border px-4 py-2">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-medium">Custom range</summary>
        <form action="/reports" method="get" noValidate className="grid gap-x-3 pt-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <input type="hidden" name="range" value="custom" />
          <FormField id="report-from" name="from" label="From" type="date" max={today} defaultValue={from} errors={fieldErrors.from ? [fieldErrors.from] : undefined} />
          <FormField id="report-to" name="to" label="To" type="date" max={today} defaultValue={to} errors={fieldErrors.to ? [fieldErrors.to] : undefined} />
          <Button type="submit" className="mt-2 mb-2 sm:mt-7 sm:mb-0">
            Show report
          </Button>
        </form>
      </details>
    </div>
  )
}
