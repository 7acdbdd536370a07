import { BarChart3, Camera, Sparkles } from 'lucide-react'

const steps = [
  {
    icon: Camera,
    title: 'Snap inventory',
    text: 'Photograph each shelf when you open and again when you close.',
  },
  {
    icon: Sparkles,
    title: 'AI analyses changes',
    text: 'ShelfSnap reads the barcode and QR labels in both photos (or, if you connect one, an AI vision model counts) and works out what sold or went missing. You check the numbers before stock changes.',
  },
  {
    icon: BarChart3,
    title: 'Daily reports',
    text: 'See the day on your dashboard, with low-stock alerts; get its report by email or WhatsApp, or export it to CSV or Google Sheets.',
  },
]

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="px-4 py-14">
      <div className="mx-auto max-w-5xl">
        <h2 id="how-it-works" className="text-center text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex flex-col items-center gap-3 rounded-xl border p-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="text-lg font-semibold">
                {index + 1}. {title}
              </h3>
              <p className="text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
