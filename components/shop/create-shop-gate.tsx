'use client'

import dynamic from 'next/dynamic'

// The blocking "Create Your Shop" dialog, loaded only where it is shown (a signed-in owner
// without a shop): a visitor's landing page does not download the dialog and its select.
export const CreateShopGate = dynamic(() => import('./create-shop-dialog').then((module) => module.CreateShopDialog))
