/**
 * Render every demo image into a folder so they can be reviewed:
 *
 *   npx tsx prisma/seed/render-previews.ts /tmp/previews [id ...]
 *
 * Also writes contact-sheet.png (small thumbnails of everything) and prints
 * timings and sizes.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { demoImageIds, renderDemoImage, type DemoImageId } from './images.js'

const [outDir = '/tmp/previews', ...only] = process.argv.slice(2)
const ids: DemoImageId[] = only.length > 0 ? demoImageIds.filter((id) => only.includes(id)) : [...demoImageIds]

await mkdir(outDir, { recursive: true })

const started = performance.now()
const results: Array<{ id: DemoImageId; jpeg: Buffer; ms: number }> = []
for (const id of ids) {
	const t = performance.now()
	const jpeg = await renderDemoImage(id)
	const ms = performance.now() - t
	results.push({ id, jpeg, ms })
	await writeFile(path.join(outDir, `${id}.jpg`), jpeg)
	console.log(
		`${id.padEnd(28)} ${String(Math.round(ms)).padStart(5)} ms ${String(Math.round(jpeg.length / 1024)).padStart(5)} KB`,
	)
}
const total = performance.now() - started
const bytes = results.reduce((sum, r) => sum + r.jpeg.length, 0)
console.log(
	`\n${results.length} images in ${(total / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(2)} MB total`,
)

// Contact sheet: 4 columns of 400-px-wide thumbnails.
const thumbW = 400
const cols = 4
const thumbs = await Promise.all(
	results.map((r) => sharp(r.jpeg).resize(thumbW, 300, { fit: 'cover' }).png().toBuffer()),
)
const rows = Math.ceil(thumbs.length / cols)
await sharp({ create: { width: cols * thumbW, height: rows * 300, channels: 3, background: '#222' } })
	.composite(thumbs.map((input, i) => ({ input, left: (i % cols) * thumbW, top: Math.floor(i / cols) * 300 })))
	.png()
	.toFile(path.join(outDir, 'contact-sheet.png'))
console.log(`contact sheet: ${path.join(outDir, 'contact-sheet.png')}`)
