import Form from 'next/form'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { MAX_COPIES } from '@/lib/labels/label-sheet'

/** A GET form: the copies live in the URL, so the page works without JavaScript and can be bookmarked. Blank: as many as in stock. */
export function CopiesForm({ copies, message }: { copies: number | null; message?: string }) {
  return (
    <Form action="/app/products/labels" className="grid gap-2">
      <Label htmlFor="copies">Copies of each label</Label>
      <div className="flex gap-2">
        <Input
          id="copies"
          name="copies"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_COPIES}
          step={1}
          placeholder="Stock"
          defaultValue={copies ?? ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'copies-message' : 'copies-hint'}
          className="w-24"
        />
        <Button type="submit" variant="outline">
          Show labels
        </Button>
      </div>
      {message ? (
        <p id="copies-message" role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : (
        <p id="copies-hint" className="text-sm text-muted-foreground">
          Blank: one for every unit in stock (at least 1, at most {MAX_COPIES}). Or 1 to {MAX_COPIES} for every product.
        </p>
      )}
    </Form>
  )
}
