// Real camera photos as their original files (the same subset and checks as
// real-photos.test.ts, which reads them as the app stores them).
import { describeRealPhotos } from '@/test/support/real-photos-suite'

describeRealPhotos('original')
