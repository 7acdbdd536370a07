import { readCsv } from '@/lib/csv/read-csv'

/** The fields of every record of a CSV text; throws when the text is not valid CSV. */
export function csvFields(text: string): string[][] {
  const read = readCsv(text)
  if (!read.ok) throw new Error(read.message)
  return read.records.map((record) => record.fields)
}
