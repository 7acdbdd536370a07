// Runs in the browser before the app. zod probes for JIT support with Function(""), which the CSP
// refuses (and reports as a violation) because scripts may not eval: tell it not to try.
import { config } from 'zod/v4/core'

config({ jitless: true })
