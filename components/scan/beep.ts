'use client'

let audio: AudioContext | null = null

/** Readies the sound while the owner's tap lets a page start it (browsers keep audio silent until then). */
export function readyBeep(): void {
  try {
    audio ??= new AudioContext()
    void audio.resume()
  } catch {
    // no Web Audio: the phone vibrates, or stays silent
  }
}

/** A short beep (and a buzz where the phone vibrates): a code was taken. */
export function beep(): void {
  navigator.vibrate?.(40)
  if (!audio) return
  const tone = audio.createOscillator()
  const gain = audio.createGain()
  tone.frequency.value = 1760
  gain.gain.value = 0.08
  tone.connect(gain).connect(audio.destination)
  tone.start()
  tone.stop(audio.currentTime + 0.08)
}
