import { Link, Text } from '@react-email/components'
import { plural } from '@/lib/format/plural'
import { EmailLayout, emailText, LowStockList, renderParts } from './email-parts'
import type { LowStockLine } from '@/lib/delivery/low-stock-line'

export interface LowStockDigestEmailProps {
  shopName: string
  lowStock: LowStockLine[]
  /** the reorder page */
  reorderUrl: string
  unsubscribeUrl?: string
}

const headline = ({ shopName, lowStock }: Pick<LowStockDigestEmailProps, 'shopName' | 'lowStock'>) =>
  `${shopName}: ${plural(lowStock.length, 'product')} low on stock`

/** The low-stock digest: sent only when something is low, with what the reorder page would order. */
export function LowStockDigestEmail({ shopName, lowStock, reorderUrl, unsubscribeUrl }: LowStockDigestEmailProps) {
  return (
    <EmailLayout preview={headline({ shopName, lowStock })} title={headline({ shopName, lowStock })} unsubscribeUrl={unsubscribeUrl}>
      <LowStockList lines={lowStock} />
      <Text style={emailText}>
        <Link href={reorderUrl}>Open the reorder list</Link>
      </Text>
    </EmailLayout>
  )
}

export async function renderLowStockDigestEmail(props: LowStockDigestEmailProps) {
  return { subject: headline(props), ...(await renderParts(<LowStockDigestEmail {...props} />)) }
}
