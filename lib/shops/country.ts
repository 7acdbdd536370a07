import { getCountryForTimezone } from 'countries-and-timezones'
import type { CountryCode } from 'libphonenumber-js'
import type { Currency } from './currencies'

// A currency used by one country names it; the euro (and UTC) does not.
const CURRENCY_COUNTRY: Partial<Record<Currency, CountryCode>> = { GBP: 'GB', USD: 'US', INR: 'IN' }

/**
 * The shop's country, for reading phone numbers written as people there write them
 * ("07911 123456" in a London shop): its time zone's (Europe/London: GB), or else its
 * currency's. Undefined when neither says (a euro shop on UTC).
 */
export function shopCountry({ timezone, currency }: { timezone: string; currency: string }): CountryCode | undefined {
  const byZone = getCountryForTimezone(timezone)?.id as CountryCode | undefined
  return byZone ?? CURRENCY_COUNTRY[currency as Currency]
}
