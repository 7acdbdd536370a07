'use server'

import { z } from 'zod'
import { getCurrentUser } from '@/lib/auth/current-user'
import { getDashboardSummary } from '@/lib/data/dashboard'
import type { DashboardSummary } from '@/lib/dashboard/summary'
import { BACKEND_UNREACHABLE_MESSAGE } from '@/lib/http/outage'
import { isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient } from '@/lib/supabase/server'
import { checkedCall, NO_USER_MESSAGE } from './validated-action'

export type LoadDashboardResult =
  | { ok: true; data: DashboardSummary }
  | { ok: false; message: string; noShop?: boolean }

const NO_SHOP_MESSAGE = 'Create your shop to see its dashboard'

/** The dashboard's figures for the signed-in owner; a failure is a message to show with a retry, not a throw. */
export const loadDashboard = checkedCall(
  z.tuple([]),
  async (): Promise<LoadDashboardResult> => {
    try {
      // The user the nav bar already asked for when the page renders this (cached per request).
      if (!(await getCurrentUser())) return { ok: false, message: NO_USER_MESSAGE }
      const data = await getDashboardSummary(await createClient())
      if (!data) return { ok: false, message: NO_SHOP_MESSAGE, noShop: true }
      return { ok: true, data }
    } catch (error) {
      // An outage reads the same here as on every page: the database cannot be reached, not a broken dashboard.
      if (isBackendFailure(error)) return { ok: false, message: BACKEND_UNREACHABLE_MESSAGE }
      console.error('Error loading the dashboard:', error)
      return { ok: false, message: 'The dashboard could not be loaded' }
    }
  },
  (message): LoadDashboardResult => ({ ok: false, message }),
)
