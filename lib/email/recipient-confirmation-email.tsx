import { Link, Text } from '@react-email/components'
import { EmailLayout, emailText, renderParts, SmallPrint } from './email-parts'

export interface RecipientConfirmationProps {
  shopName: string
  confirmUrl: string
}

const subject = (shopName: string) => `Confirm to get ShelfSnap reports from ${shopName}`

/** The only email an added address gets until it is confirmed. */
export function RecipientConfirmationEmail({ shopName, confirmUrl }: RecipientConfirmationProps) {
  return (
    <EmailLayout preview={subject(shopName)} title={subject(shopName)}>
      <Text style={emailText}>{`${shopName} would like to send you its daily ShelfSnap report. Nothing is sent to you until you confirm.`}</Text>
      <Text style={emailText}>
        <Link href={confirmUrl}>Confirm and get the reports</Link>
      </Text>
      <SmallPrint>If you do not know this shop, ignore this email: you will get nothing else. The link works for 7 days.</SmallPrint>
    </EmailLayout>
  )
}

export async function renderRecipientConfirmationEmail(props: RecipientConfirmationProps) {
  return { subject: subject(props.shopName), ...(await renderParts(<RecipientConfirmationEmail {...props} />)) }
}
