import type { ReactNode } from 'react'
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { orderNote, type LowStockLine } from '@/lib/delivery/low-stock-line'

export const emailText = { margin: '4px 0', fontSize: '15px', lineHeight: '22px' }
const smallText = { ...emailText, color: '#555555', fontSize: '13px' }

/** A ShelfSnap email: heading, body and, for a report a recipient may stop, the unsubscribe link. */
export function EmailLayout({ preview, title, unsubscribeUrl, children }: { preview: string; title: string; unsubscribeUrl?: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#ffffff', fontFamily: 'system-ui, sans-serif', color: '#111111' }}>
        <Container style={{ maxWidth: '560px', padding: '16px' }}>
          <Heading as="h1" style={{ fontSize: '22px' }}>
            {title}
          </Heading>
          {children}
          {unsubscribeUrl ? (
            <Text style={smallText}>
              {'You get this email from ShelfSnap because the shop sends you its reports. '}
              <Link href={unsubscribeUrl}>Unsubscribe</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  )
}

export function SmallPrint({ children }: { children: ReactNode }) {
  return <Text style={smallText}>{children}</Text>
}

export function LowStockList({ lines }: { lines: LowStockLine[] }) {
  return (
    <>
      <Hr />
      <Heading as="h2" style={{ fontSize: '18px' }}>
        Low stock
      </Heading>
      {lines.length === 0 ? (
        <Text style={emailText}>Nothing is low on stock.</Text>
      ) : (
        lines.map((line) => (
          <Text key={line.name} style={emailText}>
            {`${line.name}: ${line.qty} in stock${orderNote(line)}`}
          </Text>
        ))
      )}
      <Hr />
    </>
  )
}

/** The HTML and plain-text parts of one email element. */
export async function renderParts(element: ReactNode): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, text }
}
