// Colours from app/globals.css (--primary is oklch 0.45 0.16 264, --background white), for the
// manifest and the browser's theme colour, which cannot read CSS variables.
export const THEME_COLOR = '#3b3fb5'
export const BACKGROUND_COLOR = '#ffffff'

// Every page's tab title: "Products · ShelfSnap". A layout that sets a title of its own passes it on.
export const TITLE_TEMPLATE = '%s · ShelfSnap'
