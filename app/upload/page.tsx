import type { Metadata } from 'next'
import { UploadPhotos } from '@/components/upload/upload-photos'
import { requireShop } from '@/lib/auth/require-shop'

export const metadata: Metadata = { title: 'Upload Photos' }

export default async function UploadPage() {
  await requireShop('/upload')
  return <UploadPhotos />
}
