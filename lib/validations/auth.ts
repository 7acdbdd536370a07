import { z } from 'zod'

// Messages are the spec's, word for word (section 5).
const email = z
  .string()
  .trim()
  .pipe(z.email({ error: 'Invalid email address' }).max(255, { error: 'Email must be less than 255 characters' }))

const password = z
  .string()
  .min(6, { error: 'Password must be at least 6 characters' })
  .max(100, { error: 'Password must be less than 100 characters' })

export const signInSchema = z.object({ email, password })

export const signUpSchema = signInSchema.extend({
  fullName: z
    .string()
    .trim()
    .min(2, { error: 'Name must be at least 2 characters' })
    .max(100, { error: 'Name must be less than 100 characters' }),
})

export const passwordResetSchema = signInSchema.pick({ email: true })

/** "Your name": the name sign-up asks for. */
export const nameSchema = signUpSchema.pick({ fullName: true })

export const updatePasswordSchema = z
  // current_password: asked unless the session came from an emailed link (the auth server checks it)
  .object({ current_password: z.string().max(100).optional(), password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { error: 'The passwords do not match', path: ['confirmPassword'] })

export type SignInInput = z.infer<typeof signInSchema>
export type SignUpInput = z.infer<typeof signUpSchema>

/** A demo visitor keeping their shop: the sign-in rules for the email and password they choose. */
export const keepShopSchema = signInSchema
