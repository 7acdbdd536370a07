import type { Metadata } from 'next'
import { UploadPhotos } from '@/components/upload/upload-photos'

export const metadata: Metadata = { title: 'Upload Photos' }

export default function UploadPage() {
  return <UploadPhotos />
}
