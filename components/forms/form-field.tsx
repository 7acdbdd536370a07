'use client'

import type { ComponentProps } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useFieldError } from './use-field-error'

interface FormFieldProps extends ComponentProps<typeof Input> {
  id: string
  label: string
  errors?: string[]
}

/** Label + input + an aria-live error line the input points at with aria-describedby; editing the field clears its error. */
export function FormField({ id, label, errors, onChange, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`
  const { error, edited } = useFieldError(errors)
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          edited()
          onChange?.(event)
        }}
        {...inputProps}
      />
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
    </div>
  )
}
