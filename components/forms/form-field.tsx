import type { ComponentProps } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

interface FormFieldProps extends ComponentProps<typeof Input> {
  id: string
  label: string
  errors?: string[]
}

/** Label + input + an aria-live error line the input points at with aria-describedby. */
export function FormField({ id, label, errors, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`
  const error = errors?.[0]
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...inputProps} />
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
    </div>
  )
}
