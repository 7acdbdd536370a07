// Makes the install icons in public/icons from app/icon.svg: `npx tsx scripts/app-icons.ts`.
// "any" icons at 192 and 512 px, and a maskable one whose picture sits in the middle 72%
// (the safe zone is the circle of 80%), on the brand colour to the edges.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { THEME_COLOR } from '../lib/brand.ts'

const svg = readFileSync('app/icon.svg', 'utf8')
const glyphs = svg.replace(/^[\s\S]*?<rect[^>]*\/>/, '').replace(/<\/svg>\s*$/, '')
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME_COLOR}"/><g transform="translate(32 32) scale(0.72) translate(-32 -29.5)">${glyphs}</g></svg>`

for (const size of [192, 512]) await sharp(Buffer.from(svg), { density: 72 * (size / 64) }).resize(size, size).png().toFile(`public/icons/icon-${size}.png`)
await sharp(Buffer.from(maskable), { density: 72 * 8 }).resize(512, 512).png().toFile('public/icons/maskable-512.png')
