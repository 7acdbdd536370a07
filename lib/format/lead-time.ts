import { plural } from './plural'

/** When a supplier's delivery comes: "the same day" for a lead time of 0 (it read "in 0 days"), else "in 3 days". */
export const deliveryWhen = (days: number) => (days === 0 ? 'the same day' : `in ${plural(days, 'day')}`)
