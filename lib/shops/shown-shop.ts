import { SHOWN_SHOP_FIELD } from './shop-choice'

// In the browser: the shop this tab's page shows. The chosen shop is one cookie for every tab, so a
// tab left open on one shop would otherwise send its forms to the shop chosen since in another tab;
// its forms name this one and the server refuses them then (validatedAction).
let shown: string | null = null

/** Names `shop` in every form this page sends, until the function it returns is called (the page shows another). */
export function showShop(shop: string): () => void {
  shown = shop
  // `formdata` fires whenever a form's fields are collected (React's form actions and new FormData(form)),
  // a form that navigates too (the labels' copies): only a form bound to an action (React renders its
  // function as a javascript: URL) or one that posts names the shop.
  const name = (event: FormDataEvent) => {
    const form = event.target as HTMLFormElement
    if (form.getAttribute('action')?.startsWith('javascript:') || form.method === 'post') withShownShop(event.formData)
  }
  document.addEventListener('formdata', name, { capture: true })
  return () => {
    document.removeEventListener('formdata', name, { capture: true })
    if (shown === shop) shown = null
  }
}

/** `data` naming the shop this page shows: for the fields an action gets without a form. */
export function withShownShop(data: FormData): FormData {
  if (shown && !data.has(SHOWN_SHOP_FIELD)) data.set(SHOWN_SHOP_FIELD, shown)
  return data
}
