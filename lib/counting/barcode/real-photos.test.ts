// Real camera photos as the app stores them: re-encoded as the browser does on
// /upload (JPEG at STOCK_PHOTO's quality and size). The subset and its checks:
// test/support/real-photos-suite.ts.
import { describeRealPhotos } from '@/test/support/real-photos-suite'

describeRealPhotos('as stored')
