import { BarChart3, Camera, Sparkles } from 'lucide-react'

const steps = [
  {
    icon: Camera,
    title: 'Snap inventory',
    text: 'Take a photo of your shelves when you open and again when you close.',
  },
  {
    icon: Sparkles,
    title: 'AI analyses changes',
    text: 'Our AI compares the two photos and spots what sold or went missing.',
  },
  {
    icon: BarChart3,
    title: 'Daily reports',
    text: 'Get a clear daily report with low-stock alerts and reorder suggestions.',
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
