import type { TeamRole } from '@/lib/validations/team'

/** Manager or staff (there is one owner, changed by handing the shop over). */
export function RoleSelect({ id, defaultValue, errors, label }: { id: string; defaultValue: TeamRole; errors?: string[]; label?: string }) {
  const errorId = `${id}-error`
  return (
    <>
      <select
        id={id}
        name="role"
        defaultValue={defaultValue}
        aria-label={label}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="staff">Staff</option>
        <option value="manager">Manager</option>
      </select>
      {errors?.length ? (
        <p id={errorId} aria-live="polite" className="text-sm text-destructive">
          {errors[0]}
        </p>
      ) : null}
    </>
  )
}
