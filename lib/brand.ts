// Colours from app/globals.css (--primary is oklch 0.45 0.16 264, --background white), for the
// manifest and the browser's theme colour, which cannot read CSS variables.
export const THEME_COLOR = '#3b3fb5'
export const BACKGROUND_COLOR = '#ffffff'
