'use client'

import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useFieldError } from '@/components/forms/use-field-error'

interface MoneyFieldProps {
  id: string
  name: string
  label: string
  symbol: string
  defaultValue?: string
  errors?: string[]
}

/** An amount typed in the shop's currency, its symbol shown before it; editing it clears its error. */
export function MoneyField({ id, name, label, symbol, defaultValue, errors }: MoneyFieldProps) {
  const errorId = `${id}-error`
  const { error, edited } = useFieldError(errors)
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
          {symbol}
        </span>
        <Input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          defaultValue={defaultValue}
          className="pl-8"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={edited}
        />
      </div>
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
    </div>
  )
}
