// Plain constants, no zod: the upload page's client bundle imports them.

/** Spec, section 5: both sides need a photo. */
export const MISSING_IMAGES = { title: 'Missing images', description: 'Please upload both before and after images to analyze.' }

export const MAX_PHOTOS_PER_SIDE = 10
/** The start of the original file, where a camera writes its EXIF block (JPEG APP1 is at most 64 KiB). */
export const PHOTO_HEADER_BYTES = 128 * 1024
