/**
 * The site's own image files, written into public/ (committed):
 *
 *   npx tsx scripts/render-site-images.ts                         the icons only
 *   npx tsx scripts/render-site-images.ts storefront=shop.jpg …   also replace photos by photographs
 *
 * Icons: the logo (public/favicon.svg) rasterised into the web-manifest and Apple touch icons, and
 * public/favicon.ico for browsers and tools that ask for /favicon.ico without reading the page.
 * Photos: each `<name>=<file>` (a name from app/utils/site-images.ts) is cropped to that entry's
 * aspect ratio and written as AVIF + WebP at each of its widths plus the JPEG fallback. Give a
 * photograph at least the entry's `width`. The committed photos were rendered once from the demo
 * drawings the seed used to draw (prisma/seed/images/README.md).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pngToIco from 'png-to-ico'
import sharp from 'sharp'
import { siteImageSpecs, type SiteImageName } from '../app/utils/site-images'

const publicDir = path.resolve('public')
const outDir = path.join(publicDir, 'images/site')

function photoArguments(args: string[]) {
	return args.map((arg) => {
		const [name, file] = arg.split('=')
		if (!name || !file || !(name in siteImageSpecs)) {
			throw new Error(`Expected <name>=<photo file> with a name from ${Object.keys(siteImageSpecs).join(', ')}: ${arg}`)
		}
		return { name: name as SiteImageName, file }
	})
}

async function renderPhoto({ name, file }: { name: SiteImageName; file: string }) {
	const spec = siteImageSpecs[name]
	// One master at the entry's size and aspect ratio, downscaled per width.
	const master = await sharp(file).rotate().resize(spec.width, spec.height, { fit: 'cover' }).png().toBuffer()
	const written: Array<[string, number]> = []
	for (const width of spec.widths) {
		const resized = sharp(master).resize({ width })
		const avif = await resized.clone().avif({ quality: 50, effort: 6 }).toBuffer()
		const webp = await resized.clone().webp({ quality: 72, effort: 6 }).toBuffer()
		written.push([`${name}-${width}.avif`, avif.length], [`${name}-${width}.webp`, webp.length])
		await writeFile(path.join(outDir, `${name}-${width}.avif`), avif)
		await writeFile(path.join(outDir, `${name}-${width}.webp`), webp)
	}
	const jpeg = await sharp(master)
		.resize({ width: spec.fallbackWidth })
		.jpeg({ quality: 75, mozjpeg: true, progressive: true })
		.toBuffer()
	await writeFile(path.join(outDir, `${name}-${spec.fallbackWidth}.jpg`), jpeg)
	written.push([`${name}-${spec.fallbackWidth}.jpg`, jpeg.length])
	return written
}

function rasterLogo(logo: Buffer, size: number) {
	return sharp(logo, { density: 72 * Math.ceil(size / 64) }).resize(size, size)
}

async function renderIcons() {
	const logo = await readFile(path.join(publicDir, 'favicon.svg'))
	const icons: Array<[string, number, string]> = [
		['icon-192.png', 192, 'transparent'],
		['icon-512.png', 512, 'transparent'],
		// iOS draws no transparency: the cream page colour behind the round logo.
		['apple-touch-icon.png', 180, '#fff8ee'],
	]
	const written: Array<[string, number]> = []
	for (const [file, size, background] of icons) {
		let image = rasterLogo(logo, size)
		if (background !== 'transparent') image = image.flatten({ background })
		const png = await image.png({ compressionLevel: 9, palette: true }).toBuffer()
		await writeFile(path.join(outDir, file), png)
		written.push([file, png.length])
	}
	const favicon = await pngToIco(
		await Promise.all([16, 32, 48].map((size) => rasterLogo(logo, size).png({ compressionLevel: 9 }).toBuffer())),
	)
	await writeFile(path.join(publicDir, 'favicon.ico'), favicon)
	written.push(['../../favicon.ico', favicon.length])
	return written
}

const photos = photoArguments(process.argv.slice(2))
await mkdir(outDir, { recursive: true })
const results = [...(await Promise.all(photos.map(renderPhoto))).flat(), ...(await renderIcons())]
for (const [file, bytes] of results) console.log(`${file.padEnd(34)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`)
const total = results.reduce((sum, [, bytes]) => sum + bytes, 0)
console.log(`${(await readdir(outDir)).length} files, ${(total / 1024).toFixed(0)} KB in ${path.relative('.', outDir)}`)
